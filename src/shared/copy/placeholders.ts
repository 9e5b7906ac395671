export const placeholders = {
  loginTitle: 'Login',
  signupTitle: 'Sign Up',
  resetTitle: 'Reset Password',
  resetPasswordTitle: 'Choose a new password',
  authSoon: 'Sign-in opens soon. Until then you can browse our parts, reviews and blogs.',
  dashboardTitle: 'Welcome to your Dashboard',
  browseParts: 'Browse parts',
} as const;
