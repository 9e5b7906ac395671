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
  vatId: 'EU VAT ID (optional)',
  vatIdHint:
    'For a company in the EU, such as FR40303265045: orders delivered to another EU country then carry no VAT (reverse charge).',
  vatIdPrefix: 'A VAT ID begins with its country’s two letters, such as DE for Germany: DE123456788.',
  vatIdInvalid: 'Enter the VAT ID in at most 40 characters, such as DE123456788.',
} as const;
