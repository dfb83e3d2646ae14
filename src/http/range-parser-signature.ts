/**
 * The parse function of a range-parser release (`portico` reads ranges with 1.2, `portico/5` with
 * the newest 1.x), written out here: the file options of the public types reach this type, and
 * range-parser ships no types of its own, so importing its @types package would make every
 * consumer install it.
 */
export type RangeParser = (size: number, header: string, options?: { combine?: boolean }) => -1 | -2 | (Array<{ start: number; end: number }> & { type: string });
