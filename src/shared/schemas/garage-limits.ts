/**
 * How much a garage holds, in a module without zod: the parts list offers "Save to My garage" and
 * checks a full garage before any schema is loaded there. The vehicle schemas re-export them.
 */

export const MAX_GARAGE_VEHICLES = 20;
export const MAX_NICKNAME_LENGTH = 40;
