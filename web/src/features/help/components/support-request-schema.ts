import * as z from 'zod/mini';

const emailAddress = z.email();

/** The contact form (spec section 5, "Help contact"): every field required, the email a valid address. */
export const supportRequestForm = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required')),
  email: z.string().check(
    z.trim(),
    z.minLength(1, 'Email is required'),
    z.refine((value) => value.length === 0 || emailAddress.safeParse(value).success, {
      message: 'Please enter a valid email address',
    }),
  ),
  subject: z.string().check(z.trim(), z.minLength(1, 'Subject is required')),
  message: z.string().check(z.trim(), z.minLength(1, 'Message is required')),
});
export type SupportRequestForm = z.infer<typeof supportRequestForm>;
