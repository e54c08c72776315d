/** The parameter with which another page opens the Invite User dialog on the Users tab. */
export const INVITE_PARAM = 'invite';

/** Account Settings → Users with Invite User open: the sidebar's 'Invite people' for admins. */
export const INVITE_PEOPLE_PATH = `/organization-settings?tab=users&${INVITE_PARAM}=1`;
