import { z } from 'zod';
import { limits } from './limits';

/** The registration search input (spec section 5); `*` is a wildcard. */
export const domainSearchInputField = z
  .string({ error: 'search.domain.name.empty.input' })
  .trim()
  .min(1, { error: 'search.domain.name.empty.input' })
  .max(limits.searchInputMaxLength, { error: 'validation.maxLength' });
