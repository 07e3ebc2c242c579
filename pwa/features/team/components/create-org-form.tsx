/** For someone in no organisation yet: name one, and become its manager (`POST /api/orgs`). */
import { Button, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { createOrgSchema } from '@contracts/orgs';
import { FormField } from '@pwa/components/form/form-field';
import { useZodForm } from '@pwa/components/form/use-zod-form';
import { useCreateOrg } from '../api/team';
import { refusalText, useTeamStyles } from './team-styles';

export function CreateOrgForm({ submitLabel = 'Create organisation', onCreated }: { submitLabel?: string; onCreated?: (orgId: string) => void }) {
  const styles = useTeamStyles();
  const create = useCreateOrg();
  const form = useZodForm(createOrgSchema, { name: '' });
  const [refusal, setRefusal] = useState<string>();
  const submit = form.handleSubmit(async ({ name }) => {
    setRefusal(undefined);
    try {
      const org = await create.mutateAsync(name);
      onCreated?.(org.id);
    } catch (error) {
      setRefusal(refusalText(error));
    }
  });
  return (
    <form className={styles.toolbar} onSubmit={submit} noValidate aria-label="Your organisation">
      <FormField form={form} name="name" label="Organisation name" required autoComplete="organization" />
      <Button type="submit" appearance="primary" disabled={form.busy}>
        {submitLabel}
      </Button>
      {refusal ? (
        <Text role="alert" className={styles.error}>
          {refusal}
        </Text>
      ) : null}
    </form>
  );
}
