import { zodResolver } from '@hookform/resolvers/zod';
import { type SamlConnectionRequest, type SsoSettingsResponse, samlConnectionRequest } from '@shared/schemas/sso';
import { Controller, useForm } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { JitRoleField, SaveConnectionButton, useConnectionSave } from './connection-form-parts';

const FIELDS = ['metadataXml', 'jitRole'] as const;

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * The SAML 2.0 connection: what to enter at the identity provider (our ACS URL and entity ID, or
 * our metadata to upload), then its metadata pasted back here (docs/decisions/058).
 */
export function SamlConnectionForm({ settings }: { settings: SsoSettingsResponse }) {
  const connection = settings.connection?.protocol === 'saml' ? settings.connection : undefined;
  const { saml } = settings;
  const form = useForm<SamlConnectionRequest>({
    resolver: zodResolver(samlConnectionRequest),
    // The metadata is read into the connection below; pasting it again saves a change (a new certificate).
    defaultValues: { protocol: 'saml', metadataXml: '', jitRole: connection?.jitRole ?? 'staff' },
  });
  const { errors } = form.formState;
  // What was pasted stays on a refusal; once saved, the connection above shows what was read.
  const { onSubmit, isPending } = useConnectionSave(form, FIELDS, () => form.resetField('metadataXml'));
  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
      <FormField
        label="ACS URL"
        htmlFor="sso-saml-acs-url"
        hint="The assertion consumer service (reply URL) to enter at your identity provider."
      >
        <Input
          id="sso-saml-acs-url"
          readOnly
          value={saml.acsUrl}
          className="font-mono"
          onFocus={(event) => event.currentTarget.select()}
        />
      </FormField>
      <FormField
        label="Entity ID"
        htmlFor="sso-saml-entity-id"
        hint="The audience (identifier) to enter at your identity provider."
      >
        <Input
          id="sso-saml-entity-id"
          readOnly
          value={saml.entityId}
          className="font-mono"
          onFocus={(event) => event.currentTarget.select()}
        />
      </FormField>
      <FormField
        label="Service provider metadata"
        htmlFor="sso-saml-sp-metadata"
        hint={
          <>
            Or upload this to your identity provider:{' '}
            <a
              className="underline"
              href={`data:application/samlmetadata+xml;charset=utf-8,${encodeURIComponent(saml.metadataXml)}`}
              download="growthwise-saml-metadata.xml"
            >
              download metadata
            </a>
          </>
        }
      >
        <Textarea
          id="sso-saml-sp-metadata"
          readOnly
          rows={4}
          value={saml.metadataXml}
          className="font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
      </FormField>
      {connection ? (
        <section aria-label="Connected identity provider" className="grid gap-1 rounded-md border border-border p-3 text-sm">
          <p>
            Connected to <span className="font-mono">{connection.idpEntityId}</span>
          </p>
          <p className="text-muted-foreground">
            Sign-in URL: <span className="font-mono break-all">{connection.ssoUrl}</span>
          </p>
          <ul aria-label="Signing certificates" className="text-muted-foreground">
            {connection.certificates.map((certificate) => (
              <li key={certificate.fingerprintSha256}>
                Signing certificate {certificate.subject || 'without a subject'}, expires{' '}
                {certificate.expiresAt ? formatDate(certificate.expiresAt) : 'never'}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <FormField
        label="Identity provider metadata (XML)"
        htmlFor="sso-saml-metadata"
        hint={
          connection
            ? 'Paste it again to save a change, such as a new signing certificate.'
            : 'Paste the SAML metadata XML your identity provider shows for this application.'
        }
        error={errors.metadataXml?.message}
      >
        <Textarea
          id="sso-saml-metadata"
          rows={8}
          spellCheck={false}
          className="font-mono text-xs"
          {...form.register('metadataXml')}
        />
      </FormField>
      <Controller
        control={form.control}
        name="jitRole"
        render={({ field }) => (
          <JitRoleField id="sso-saml-jit-role" value={field.value} onChange={field.onChange} error={errors.jitRole?.message} />
        )}
      />
      <SaveConnectionButton pending={isPending} />
    </form>
  );
}
