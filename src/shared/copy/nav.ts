export const nav = {
  home: 'Home',
  parts: 'Parts',
  blogs: 'Blogs',
  reviews: 'Reviews',
  dashboard: 'Dashboard',
  login: 'Login',
  signOut: 'Sign Out',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  label: 'Main',
  homeLink: 'Gearhouse home',
  skipToContent: 'Skip to main content',
} as const;
