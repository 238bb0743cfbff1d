import { Button, Code, Section, SectionCard, Tag } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@school/shared/api';
import { TOAST_MS } from '@school/shared/domain';
import { CONTRACT_TEMPLATE_PLACEHOLDERS } from '@school/shared/rules';
import { useApi } from '@school/shared/ui';
import { useServices } from '../../app/services-context';

interface ContractTemplate {
  id: number;
  name: string;
  url: string | null;
  docx_name: string | null;
}

const KEY = ['contract-templates', 'docx'] as const;

/**
 * Contract templates' own .docx (issue 29 point 3): upload, replace or remove the school's form of
 * each template; contracts on it then download filled. With `update contract_template` only (the
 * server checks it again); a refused file's reason (not a .docx, unknown fields) is the toast.
 */
export function ContractTemplatesSection() {
  const { t } = useTranslation();
  const { client } = useApi();
  const { toasts } = useServices();
  const queryClient = useQueryClient();
  const templates = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) =>
      client.get<{ data: ContractTemplate[] }>('/api/contract_templates', { perpage: 100 }, { signal }),
  });
  const done = async (message: string) => {
    await queryClient.invalidateQueries({ queryKey: KEY });
    toasts.show({ intent: 'success', message, timeoutMs: TOAST_MS.short });
  };
  const upload = useMutation({
    meta: { silent: true },
    mutationFn: ({ template, file }: { template: ContractTemplate; file: File }) => {
      const form = new FormData();
      form.set('docx_file', file, file.name);
      return client.post<{ data: ContractTemplate }>(`/api/contract_templates/${template.id}/docx`, form);
    },
    onSuccess: (answer, { template }) =>
      done(t('featureFlags.templates.uploaded', { name: answer.data.docx_name, template: template.name })),
    onError: (error) => {
      const field = isApiError(error) ? error.firstFieldErrors().docx_file : undefined;
      toasts.show({
        intent: 'danger',
        message: field ?? (error instanceof Error ? error.message : String(error)),
        timeoutMs: TOAST_MS.long,
      });
    },
  });
  const remove = useMutation({
    mutationFn: (template: ContractTemplate) => client.delete(`/api/contract_templates/${template.id}/docx`),
    onSuccess: (_answer, template) => done(t('featureFlags.templates.removed', { template: template.name })),
  });
  const busy = upload.isPending || remove.isPending;
  return (
    <Section
      title={t('featureFlags.templates.title')}
      icon="document"
      data-testid="settings-contract-templates"
    >
      <SectionCard>
        <p className="settings-card__hint">{t('featureFlags.templates.hint')}</p>
        <ul className="settings-page__templates">
          {(templates.data?.data ?? []).map((template) => (
            <TemplateRow
              key={template.id}
              template={template}
              busy={busy}
              onFile={(file) => upload.mutate({ template, file })}
              onRemove={() => remove.mutate(template)}
            />
          ))}
        </ul>
        <details className="settings-page__placeholders">
          <summary>{t('featureFlags.templates.placeholders')}</summary>
          <p>
            {CONTRACT_TEMPLATE_PLACEHOLDERS.map((name) => (
              <Code key={name}>{`{${name}}`}</Code>
            ))}
          </p>
        </details>
      </SectionCard>
    </Section>
  );
}

function TemplateRow(props: {
  template: ContractTemplate;
  busy: boolean;
  onFile: (file: File) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { template } = props;
  return (
    <li className="settings-page__template" data-testid={`contract-template-${template.id}`}>
      <div className="settings-page__template-name">
        <strong>{template.name}</strong>
        {template.docx_name ? (
          <Tag minimal intent="success" icon="document" data-testid="contract-template-docx">
            {template.docx_name}
          </Tag>
        ) : (
          <span className="settings-card__hint">{t('featureFlags.templates.none')}</span>
        )}
      </div>
      <input
        ref={input}
        type="file"
        hidden
        accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) props.onFile(file);
        }}
        data-testid="contract-template-file"
      />
      <div className="settings-page__template-actions">
        <Button
          size="small"
          icon="upload"
          disabled={props.busy}
          onClick={() => input.current?.click()}
          data-testid="contract-template-upload"
        >
          {template.docx_name ? t('featureFlags.templates.replace') : t('featureFlags.templates.upload')}
        </Button>
        {template.docx_name ? (
          <Button
            size="small"
            variant="minimal"
            icon="trash"
            disabled={props.busy}
            onClick={props.onRemove}
            data-testid="contract-template-remove"
          >
            {t('featureFlags.templates.remove')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
