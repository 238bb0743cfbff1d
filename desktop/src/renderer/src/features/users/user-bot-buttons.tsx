import { Button, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { MessengerType } from '@school/shared/domain';
import { asSubject, MESSENGER_TOKEN_FIELD } from '@school/shared/permissions';
import { BOT_LABEL, BOT_TYPES, useMessengerLink } from '@school/shared/ui';
import { useAbility } from '../../app/ability-context';
import { useServices } from '../../app/services-context';

const LETTER: Record<MessengerType, string> = { telegram: 'T', viber: 'V' };

/**
 * A user's bots in the users table and the user details (part 2 §6 "Bot buttons need the
 * permission create user messenger_token", §9 "T and V are green and disabled once connected"):
 * for whoever may issue that user's token, T and V make that user's connect link and copy it with
 * the 15 s toast; a connected bot is a green, disabled button. Others see passive tags. The server
 * decides who may issue a token for whom; this only hides.
 */
export function UserBotButtons({
  userId,
  bots,
  testPrefix = 'bots',
}: {
  userId: number;
  bots: Partial<Record<MessengerType, boolean>> | null | undefined;
  testPrefix?: string;
}) {
  const { t } = useTranslation();
  const ability = useAbility();
  const { toasts } = useServices();
  const link = useMessengerLink(toasts.show);
  const may = ability.can('create', asSubject('user', { id: userId }), MESSENGER_TOKEN_FIELD);
  return (
    <span className="admin-table__bots" data-testid={`${testPrefix}-${userId}`}>
      {BOT_TYPES.map((type) => {
        const on = bots?.[type] === true;
        const title = on
          ? t('staffScreens.bots.connected', { type: BOT_LABEL[type] })
          : t('staffScreens.bots.copyLink', { type: BOT_LABEL[type] });
        return may ? (
          <Button
            key={type}
            size="small"
            intent={on ? 'success' : 'none'}
            variant={on ? 'solid' : 'outlined'}
            disabled={on}
            loading={link.busy === `${userId}:${type}`}
            text={LETTER[type]}
            title={title}
            aria-label={title}
            onClick={() => void link.copy(userId, type)}
            data-testid={`${testPrefix}-${userId}-${type}`}
          />
        ) : (
          <Tag
            key={type}
            minimal={!on}
            intent={on ? 'success' : 'none'}
            round
            title={on ? title : undefined}
            data-testid={`${testPrefix}-${userId}-${type}`}
          >
            {LETTER[type]}
          </Tag>
        );
      })}
    </span>
  );
}
