import { Section, SectionCard, Switch } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOAST_MS } from '@school/shared/domain';
import { useApi } from '@school/shared/ui';
import { useServices } from '../../app/services-context';

interface FeatureFlag {
  id: number;
  name: string;
  enabled: boolean;
  description: string | null;
}

const FLAGS_KEY = ['feature-flags', 'settings'] as const;

/**
 * The school's feature flags as switches (spec part 1 §4): shown to those with `update
 * feature_flag` (the Administrator); the server refuses anyone else. A flag the translations do not
 * know shows its name and stored description.
 */
export function FeatureFlagsSection() {
  const { t, i18n } = useTranslation();
  const { client } = useApi();
  const { toasts } = useServices();
  const queryClient = useQueryClient();
  const flags = useQuery({
    queryKey: FLAGS_KEY,
    queryFn: ({ signal }) =>
      client.get<{ data: FeatureFlag[] }>('/api/feature-flags', { perpage: 100 }, { signal }),
  });
  const nameOf = (flag: FeatureFlag) =>
    i18n.exists(`featureFlags.names.${flag.name}`)
      ? t(`featureFlags.names.${flag.name}` as 'featureFlags.title')
      : flag.name;
  const describe = (flag: FeatureFlag) =>
    i18n.exists(`featureFlags.descriptions.${flag.name}`)
      ? t(`featureFlags.descriptions.${flag.name}` as 'featureFlags.title')
      : (flag.description ?? '');
  const toggle = useMutation({
    mutationFn: (change: { flag: FeatureFlag; enabled: boolean }) =>
      client.patch<{ data: FeatureFlag }>(`/api/feature-flags/${change.flag.id}`, {
        enabled: change.enabled,
      }),
    onSuccess: async (answer, { flag }) => {
      await queryClient.invalidateQueries({ queryKey: ['feature-flags'] });
      const state = t(answer.data.enabled ? 'featureFlags.on' : 'featureFlags.off');
      toasts.show({
        intent: 'success',
        message: t('featureFlags.saved', { name: nameOf(flag), state }),
        timeoutMs: TOAST_MS.short,
      });
    },
  });
  return (
    <Section title={t('featureFlags.title')} icon="flag" data-testid="settings-feature-flags">
      <SectionCard>
        {(flags.data?.data ?? []).map((flag) => (
          <div key={flag.id} className="settings-page__flag">
            <Switch
              checked={
                toggle.isPending && toggle.variables.flag.id === flag.id
                  ? toggle.variables.enabled
                  : flag.enabled
              }
              disabled={toggle.isPending}
              label={nameOf(flag)}
              onChange={(event) => toggle.mutate({ flag, enabled: event.currentTarget.checked })}
              data-testid={`feature-flag-${flag.name}`}
            />
            <p className="settings-card__hint">{describe(flag)}</p>
          </div>
        ))}
        <p className="settings-card__hint settings-page__flags-hint">{t('featureFlags.hint')}</p>
      </SectionCard>
    </Section>
  );
}
