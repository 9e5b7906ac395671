export const footer = {
  services: 'Shop',
  company: 'Company',
  legal: 'Legal',
  /** Each list's entries, by where they lead (footer.tsx): every one is a page of the shop. */
  serviceLinks: { parts: 'All parts', reviews: 'Customer reviews', blogs: 'Blog', dashboard: 'My orders' },
  companyLinks: { about: 'About us', contact: 'Contact' },
  legalLinks: { terms: 'Terms of use', privacy: 'Privacy policy', cookies: 'Cookie policy' },
  copyright: (year: number) => `Copyright © ${year} - All rights reserved by Gearhouse`,
  social: 'Follow us',
  about: 'Brakes, filters, suspension and engine parts, made in our own plant and shipped to workshops everywhere.',
  /** The icons' names; each shows only when its address is configured (SOCIAL_*_URL). */
  socialLabels: {
    facebook: 'Gearhouse on Facebook',
    instagram: 'Gearhouse on Instagram',
    x: 'Gearhouse on X',
    youtube: 'Gearhouse on YouTube',
    linkedin: 'Gearhouse on LinkedIn',
  },
} as const;
