/**
 * The values of an `Accept-Charset` or `Accept-Language` header as the 3.x request listed them
 * (`req.acceptedCharsets`, `req.acceptedLanguages`): members split at commas with the spaces around
 * them, each member's first `;`-part taken as is, `q` (lower case only) read with parseFloat,
 * members whose quality is 0 or not a number left out, the rest best first, ties in header order.
 * Not RFC 9110's grammar: empty members stay (as `''`), wildcards are plain strings, no case folding.
 */
export function qualityListValues(header: string): string[] {
  const members: Array<{ value: string; quality: number; index: number }> = [];
  header.split(/ *, */).forEach((member, index) => {
    const [value, ...params] = member.split(/ *; */);
    let quality = 1;
    for (const param of params) {
      const [name, raw] = param.split(/ *= */);
      if (name === 'q') quality = parseFloat(raw);
    }
    // NaN and 0 are both dropped, as the 3.x filter on a falsy quality did.
    if (quality) members.push({ value, quality, index });
  });
  members.sort((a, b) => (a.quality === b.quality ? a.index - b.index : b.quality - a.quality));
  return members.map((m) => m.value);
}
