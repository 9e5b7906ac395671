export const toasts = {
  partAdded: 'Parts added successfully',
  partAddFailed: 'Failed to add the Parts',
  partUpdated: 'Part updated successfully',
  reviewAdded: 'Review added successfully',
  reviewAddFailed: 'Failed to add the Review',
  reviewUpdated: 'Review updated: it replaces your earlier one',
  adminAdded: 'Admin added successfully',
  userRemoved: 'User removed successfully',
  uploadFailed: 'Image upload failed',
  resetSent: 'Send Email!',
  partDeleted: 'Part deleted successfully',
  settingsSaved: 'Settings saved successfully',
} as const;
