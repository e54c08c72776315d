import { PASSWORD_REQUIRED_TO_CREATE } from '../../shared/schemas/account';
import { ManagementRefused } from '../db/organization-users';
import { EMAIL_TAKEN } from '../db/organizations';
import { HttpError, badRequest, conflict, forbidden, notFound } from './http-error';
import { ADMINS_ONLY } from './require-admin';

export const LAST_ADMIN = 'An organization needs at least one administrator';
export const CANNOT_REMOVE_SELF = 'You cannot remove yourself';

/** Runs a user-management write and answers its refusals with their HTTP status. */
export async function answerRefusals<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof ManagementRefused)) throw error;
    throw httpErrorFor(error);
  }
}

function httpErrorFor(error: ManagementRefused): HttpError {
  switch (error.reason) {
    case 'not-admin':
      return forbidden(ADMINS_ONLY);
    case 'last-admin':
      return badRequest(LAST_ADMIN);
    case 'email-taken':
      return conflict(EMAIL_TAKEN);
    case 'password-required':
      return badRequest(PASSWORD_REQUIRED_TO_CREATE, { password: PASSWORD_REQUIRED_TO_CREATE });
    case 'not-found':
      return notFound();
  }
}
