/** An administrator's password: how long it may be, and how many wrong ones a change allows. */

/** The shortest password an administrator may choose on 'Change password'. */
export const ADMIN_PASSWORD_MIN = 10;
/** Longer inputs cannot be real passwords (and would only cost hashing time). */
export const ADMIN_PASSWORD_MAX = 1024;
/** Wrong current passwords one client may try on 'Change password' for one account per login window (15 min). */
export const PASSWORD_CHANGE_ATTEMPTS = 10;
