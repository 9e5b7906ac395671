/** Returns (docs/shop-rules.md, "Returns"): the API's messages and the mails' words. */
export const returns = {
  // The API's refusals.
  notFound: 'No return has this id.',
  orderNotFound: 'No order of yours has this id.',
  orderNotDelivered: 'An order can be returned once it is delivered.',
  windowClosed: (days: number) => `This line was delivered more than ${days} days ago: its return window has closed.`,
  lineUnknown: 'This order has no such line.',
  lineTwice: 'This line is already in the return: name each line once.',
  quantityTooMany: (left: number) =>
    left === 0 ? 'Every unit of this line is already being returned.' : `At most ${left} can be returned on this line.`,
  quantityInvalid: 'The quantity is a whole number of at least 1.',
  reasonInvalid: 'Choose a reason: wrong part, damaged, not needed, warranty or core.',
  linesRequired: 'Name at least one line to return.',
  tooManyLines: (max: number) => `A return names at most ${max} lines.`,
  noteTooLong: (max: number) => `The note is at most ${max} characters.`,
  tooManyPhotos: (max: number) => `Add at most ${max} photos.`,
  photoNotUploaded: 'Upload the photo first.',
  refusalReasonRequired: 'Say why the return is refused.',
  conditionInvalid: 'The condition is resalable or damaged.',
  conditionMissing: 'Say the condition of every line of the return.',
  conditionLineUnknown: 'This line is not in the return.',
  notRequested: (status: string) => `This return is ${status}: only a requested return can be approved or refused.`,
  notApproved: (status: string) => `This return is ${status}: only an approved return can be received.`,
  notReceived: (status: string) => `This return is ${status}: only a received return can be credited.`,
  orderNotInvoiced: 'This order has no invoice to credit.',
  statusNames: {
    requested: 'requested',
    approved: 'approved',
    refused: 'refused',
    received: 'received',
    credited: 'credited',
  },

  // The mails.
  mail: {
    returnsButton: 'Your returns',
    requestedSubject: (number: string) => `We have your return request ${number}`,
    requestedBody: (number: string, orderNumber: string) =>
      `We have your request ${number} to return parts of order ${orderNumber}. We will look at it and write to you again.`,
    approvedSubject: (number: string) => `Your return ${number} is approved`,
    approvedBody: (number: string) => `Your return ${number} is approved. Please send the parts back as follows:`,
    noInstructions: 'Pack the parts with a copy of this mail, and send them to our address on your invoice.',
    refusedSubject: (number: string) => `Your return ${number} was refused`,
    refusedBody: (number: string, reason: string) => `We cannot accept your return ${number}: ${reason}`,
    receivedSubject: (number: string) => `We received your return ${number}`,
    receivedBody: (number: string) => `The parts of your return ${number} have arrived. We will credit them shortly.`,
    creditedSubject: (number: string) => `Your return ${number} is credited`,
    creditedBody: (number: string, creditNote: string, amount: string, onAccount: boolean) =>
      onAccount
        ? `Your return ${number} is credited: credit note ${creditNote} takes ${amount} off your company's account.`
        : `Your return ${number} is credited: credit note ${creditNote}, ${amount} back to your card.`,
  },
} as const;
