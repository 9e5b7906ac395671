export const profile = {
  title: 'My Profile',
  email: 'Email',
  memberSince: (date: string) => `Member since ${date}`,
  editTitle: 'Edit profile',
  editText: 'Your display name shows on your orders and reviews.',
  changePhoto: 'Choose a photo',
  save: 'Save profile',
  saved: 'Profile updated successfully',
  passwordTitle: 'Change password',
  passwordText: 'You stay signed in on this device.',
  passwordSubmit: 'Change password',
  passwordChanged: 'Password changed successfully. Every other device was signed out.',
} as const;
