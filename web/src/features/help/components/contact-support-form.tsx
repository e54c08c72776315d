import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { type SupportRequestForm, supportRequestForm } from './support-request-schema';
import { SupportSubmittedDialog } from './support-submitted-dialog';

const SUPPORT_EMAIL = 'support@growthwise.example';

const empty: SupportRequestForm = { name: '', email: '', subject: '', message: '' };

/** The support request form. It stays in the browser: the spec makes no server call for it. */
export function ContactSupportForm() {
  const [submitted, setSubmitted] = useState(false);
  const form = useForm<SupportRequestForm>({ resolver: zodResolver(supportRequestForm), defaultValues: empty });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(() => {
    setSubmitted(true);
    form.reset(empty);
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Contact Support</CardTitle>
        <CardDescription>Tell us what you need and our team will get back to you.</CardDescription>
      </CardHeader>
      <form noValidate onSubmit={onSubmit}>
        <CardContent className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Name" htmlFor="support-name" error={errors.name?.message}>
              <Input id="support-name" autoComplete="name" aria-required {...form.register('name')} />
            </FormField>
            <FormField label="Email" htmlFor="support-email" error={errors.email?.message}>
              <Input id="support-email" type="email" autoComplete="email" aria-required {...form.register('email')} />
            </FormField>
          </div>
          <FormField label="Subject" htmlFor="support-subject" error={errors.subject?.message}>
            <Input id="support-subject" aria-required {...form.register('subject')} />
          </FormField>
          <FormField label="Message" htmlFor="support-message" error={errors.message?.message}>
            <Textarea id="support-message" rows={5} aria-required {...form.register('message')} />
          </FormField>
        </CardContent>
        <CardFooter className="flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted">
            Or email us at{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`} className="inline-flex items-center gap-1 font-medium">
              <Mail className="size-4" aria-hidden />
              {SUPPORT_EMAIL}
            </a>
          </p>
          <Button type="submit">Submit request</Button>
        </CardFooter>
      </form>
      <SupportSubmittedDialog open={submitted} onOpenChange={setSubmitted} />
    </Card>
  );
}
