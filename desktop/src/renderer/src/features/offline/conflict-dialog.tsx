import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services-context';
import { bodyFields, conflictFields, type QueuedWrite } from './write-queue.rules';
import './pending-writes.css';

const TEXT_FIELDS = new Set(['comment', 'subject', 'content']);

function shown(field: string, value: string, t: (key: string) => string): string {
  if (field !== 'miss_status') return value;
  return value === '' || value === '0' ? '—' : t(`missStatus.${value}`);
}

/**
 * A queued update the server refused because the row changed meanwhile (409 version_conflict):
 * the teacher's text and the server's side by side, and the teacher decides. "Keep mine" sends
 * theirs again over the current version, "Keep theirs" drops it, "Merge" sends the edited
 * combination. Nothing is overwritten without this choice.
 */
export function ConflictDialog({ write }: { write: QueuedWrite }) {
  const { t } = useTranslation();
  const { writeQueue } = useServices();
  const mine = bodyFields(write.body);
  const current = write.current ?? {};
  const fields = conflictFields(write);
  const theirs = Object.fromEntries(fields.map((field) => [field, String(current[field] ?? '')]));
  const textFields = fields.filter((field) => TEXT_FIELDS.has(field) && theirs[field] !== mine[field]);
  const version = typeof current.updated_at === 'string' ? current.updated_at : null;
  const [merging, setMerging] = useState(false);
  const [merged, setMerged] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      textFields.map((field) => [
        field,
        [mine[field], theirs[field]].filter((text) => text !== '').join('\n\n'),
      ]),
    ),
  );
  const [busy, setBusy] = useState(false);
  const act = (task: () => Promise<void>) => {
    setBusy(true);
    void task().finally(() => setBusy(false));
  };
  const kept = Object.fromEntries(fields.map((field) => [field, mine[field]]));

  return (
    <Dialog
      isOpen
      title={t('offlineWrites.conflict.title')}
      icon="git-merge"
      className="conflict-dialog"
      isCloseButtonShown={false}
      canEscapeKeyClose={false}
      canOutsideClickClose={false}
    >
      <DialogBody>
        <div data-testid="conflict-dialog" data-write-kind={write.kind}>
          <Callout intent="warning" icon={null}>
            {t('offlineWrites.conflict.intro')}{' '}
            <strong>{t(`offlineWrites.kinds.${write.kind}`, { id: write.studyId ?? '' })}</strong>
          </Callout>
          {fields.map((field) => (
            <div key={field} className="conflict-dialog__field">
              <h4>{t(`offlineWrites.conflict.fields.${field}`)}</h4>
              <div className="conflict-dialog__sides">
                <FormGroup label={t('offlineWrites.conflict.mine')}>
                  <pre className="conflict-dialog__text" data-testid={`conflict-mine-${field}`}>
                    {shown(field, mine[field] ?? '', t)}
                  </pre>
                </FormGroup>
                <FormGroup label={t('offlineWrites.conflict.theirs')}>
                  <pre className="conflict-dialog__text" data-testid={`conflict-theirs-${field}`}>
                    {shown(field, theirs[field], t)}
                  </pre>
                </FormGroup>
              </div>
              {merging && textFields.includes(field) ? (
                <FormGroup label={t('offlineWrites.conflict.merged')} labelFor={`conflict-merged-${field}`}>
                  <TextArea
                    id={`conflict-merged-${field}`}
                    fill
                    autoResize
                    value={merged[field]}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      setMerged((current) => ({ ...current, [field]: value }));
                    }}
                    data-testid={`conflict-merged-${field}`}
                  />
                </FormGroup>
              ) : null}
            </div>
          ))}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          merging ? (
            <Button
              intent="primary"
              text={t('offlineWrites.conflict.saveMerged')}
              loading={busy}
              onClick={() => act(() => writeQueue.resolve(write.id, version, { ...kept, ...merged }))}
              data-testid="conflict-save-merged"
            />
          ) : (
            <>
              <Button
                text={t('offlineWrites.conflict.keepTheirs')}
                disabled={busy}
                onClick={() => act(() => writeQueue.discard(write.id))}
                data-testid="conflict-keep-theirs"
              />
              {textFields.length > 0 ? (
                <Button
                  text={t('offlineWrites.conflict.merge')}
                  disabled={busy}
                  onClick={() => setMerging(true)}
                  data-testid="conflict-merge"
                />
              ) : null}
              <Button
                intent="primary"
                text={t('offlineWrites.conflict.keepMine')}
                loading={busy}
                onClick={() => act(() => writeQueue.resolve(write.id, version, kept))}
                data-testid="conflict-keep-mine"
              />
            </>
          )
        }
      />
    </Dialog>
  );
}
