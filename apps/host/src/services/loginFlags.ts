/** Set by the login page so the layout shows the last-login notice and the weak-password alert once. */
export const loginFlags = { justLoggedIn: false };
