export const uploads = {
  tooLarge: 'The image is larger than 5 MB. Please choose a smaller one.',
  tooManyPixels: 'The image is too large: at most 40 megapixels (for example 8000 × 5000).',
  unsupportedType: 'Only JPEG, PNG, WebP, AVIF or GIF images can be uploaded.',
  unreadable: 'This file could not be read as an image.',
  fieldMissing: 'Send the picture in the form field "image".',
  malformed: 'The upload could not be read: the multipart body is malformed or cut short.',
  pathInName: 'The file name must not contain a folder path. Please rename the file and try again.',
  hint: 'JPEG, PNG, WebP, AVIF or GIF, at most 5 MB.',
} as const;
