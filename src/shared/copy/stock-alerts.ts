/**
 * "Notify me" on a sold-out part (docs/shop-rules.md, "Back in stock"): the API's messages and the part
 * page's words (the mail's are in `mail`).
 */
export const stockAlerts = {
  // The API's refusals.
  inStock: 'This part is in stock: you can order it now.',
  tooMany: (max: number) => `You are waiting for ${max} parts, the most at once: stop one first.`,

  // The part page.
  notifyMe: 'Notify me',
  notifyMeHint: 'We email you once when it is back in stock.',
  signInToBeNotified: 'Sign in, and we email you once when it is back in stock.',
  waiting: 'We’ll email you when it’s back.',
  stop: 'Stop notifying me',
};
