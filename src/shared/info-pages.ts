/**
 * The shop's own short pages linked from the footer: about, terms, privacy and cookies. Kept apart from
 * the UI strings (copy/) because only their page (a lazy route) needs the text, not every page's code.
 */
export type InfoPageName = 'about' | 'terms' | 'privacy' | 'cookies';

export interface InfoPage {
  title: string;
  /** The line under the title. */
  intro: string;
  sections: readonly { heading: string; paragraphs: readonly string[] }[];
}

export const infoPages: Readonly<Record<InfoPageName, InfoPage>> = {
  about: {
    title: 'About us',
    intro: 'Gearhouse makes car parts and sells them straight from the factory, by the dozen.',
    sections: [
      {
        heading: 'What we make',
        paragraphs: [
          'Brakes, filters, suspension and engine parts, made and tested in our own plant. Every part in the shop is one we make ourselves, with its stock and price per unit shown as they are.',
        ],
      },
      {
        heading: 'Who we sell to',
        paragraphs: [
          'Workshops, fleets and drivers who buy in quantity: each part has its own minimum order, shown on its card and its page (a clutch kit sells singly, bulbs by 24), and an order is shipped once it is paid.',
        ],
      },
      {
        heading: 'Talk to us',
        paragraphs: [
          'Questions about a part, a bulk order or a delivery: write to us with the contact form on the home page, and our team answers within one working day.',
        ],
      },
    ],
  },
  terms: {
    title: 'Terms of use',
    intro: 'How buying from Gearhouse works. By booking an order you accept these terms.',
    sections: [
      {
        heading: 'Accounts',
        paragraphs: [
          'You need an account to book. Keep your password to yourself; you are responsible for what is done with your account. We may close an account that is used to abuse the shop.',
        ],
      },
      {
        heading: 'Orders and prices',
        paragraphs: [
          "A booking is for at least the part's minimum order and at most the stock left. The price is the part's unit price when you book (its volume price for the quantity, less the flash deal's discount while the deal runs), times the quantity; the total on your order is what you pay.",
          'Booked stock is held for you until the time to pay shown on the order. An order still unpaid then is cancelled and its stock goes back on sale. You can cancel an unpaid order yourself; a paid order is shipped, not cancelled.',
        ],
      },
      {
        heading: 'Payment',
        paragraphs: [
          'Payment is by card. An order counts as paid only once the payment provider has confirmed the full amount; a card that is charged twice for one order is charged once.',
        ],
      },
      {
        heading: 'Reviews',
        paragraphs: [
          'Reviews show your display name. Write about the part or the shop, honestly; we may remove a review that is abusive or not about either.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy policy',
    intro: 'What we keep about you, why, and what we do not do with it.',
    sections: [
      {
        heading: 'What we keep',
        paragraphs: [
          'Your account: name, email address, a password stored only as a hash (or your Google sign-in), and the photo you choose. Your orders: the part, the quantity, the price, and the name, email, phone and address the order is delivered to. Messages you send with the contact form, and your email address if you subscribe to the newsletter.',
        ],
      },
      {
        heading: 'Why',
        paragraphs: [
          'To run your account, deliver and bill your orders, mail you about them (placed, paid, shipped, cancelled), answer your messages and send the newsletter you asked for. We do not sell your data or share it for advertising.',
        ],
      },
      {
        heading: 'Card details',
        paragraphs: ['Card numbers go to the payment provider, which charges the card; the shop does not store them.'],
      },
      {
        heading: 'Your choices',
        paragraphs: [
          'You can change your name and photo in My Profile at any time. To have your account and its data removed, or to leave the newsletter, write to us with the contact form.',
        ],
      },
    ],
  },
  cookies: {
    title: 'Cookie policy',
    intro: 'The shop sets as few cookies as it can: none for tracking or advertising.',
    sections: [
      {
        heading: 'The cookie we set',
        paragraphs: [
          'One session cookie keeps you signed in. It is set when you sign in or sign up and removed when you sign out; without it you can still browse every public page.',
        ],
      },
      {
        heading: 'Payments',
        paragraphs: [
          "When card payments go through Stripe, Stripe's card form on the payment page may set its own cookies, which it uses to prevent fraud.",
        ],
      },
      {
        heading: 'What we do not use',
        paragraphs: ['No analytics, advertising or social-network cookies, and no tracking across other sites.'],
      },
    ],
  },
};
