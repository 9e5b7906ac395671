import { useMutation } from '@tanstack/react-query';
import type { UploadedImage } from '#shared/schemas/accounts';
import { apiRequest } from './api-client';

/** Uploads a picture (multipart field `image`); the answer is the URL a form then sends. */
export function uploadImage(file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.append('image', file);
  return apiRequest<UploadedImage>('/api/uploads', { method: 'POST', body });
}

/** The form says "Image upload failed" itself (docs/shop-rules.md, "Forms, rules and messages"), so the cache stays quiet. */
export function useUploadImageMutation() {
  return useMutation({ mutationFn: uploadImage, meta: { toast: 'none' } });
}
