/** How long a link mailed to set a new password works: the mail and the set-password page both say so. */
export const PASSWORD_LINK_VALID_MINUTES = 60;

/** How long a sign-up's confirmation link works (it may wait a day in an inbox): the mail, the sign-up form and the confirmation page say so. */
export const SIGN_UP_LINK_VALID_MINUTES = 24 * 60;

/** How long the welcome mail's set-password link works: a new customer's first user may not read it at once. */
export const WELCOME_LINK_VALID_MINUTES = 24 * 60;

/** How long an invitation's set-password link works: a week, as an invitee may be away. */
export const INVITATION_LINK_VALID_MINUTES = 7 * 24 * 60;
