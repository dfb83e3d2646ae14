import fc from 'fast-check';

// The Range values of the differential Range suites: test/compat/range.compat.test.ts (express@4)
// and test/legacy/legacy.range-3x.test.ts (express@3).

/** Range values as a client may send them, most of them outside RFC 9110's grammar. */
export const RANGES = [
  // the cases differential fuzzing reported
  'bytes=5', 'bytes=9x', 'bytes=x-2', 'bytes=-1-12', 'bytes=0', 'bytes=1;x', 'bytes=', 'bytes=c', '=1',
  // well-formed single and suffix ranges, at and beyond the edges
  'bytes=0-0', 'bytes=0-10', 'bytes=10-10', 'bytes=11-', 'bytes=11-11', 'bytes=10-', 'bytes=-1', 'bytes=-11', 'bytes=-12', 'bytes=-0',
  'bytes=0-', 'bytes=3-1', 'bytes=0-100', 'bytes=100-200', 'bytes=-', 'bytes=--', 'bytes=5--1', 'bytes=-5-',
  // whitespace
  ' bytes=0-1', '  bytes=0-1', 'bytes = 0-1', 'bytes= 0-1', 'bytes=0 - 1', 'bytes=0-1 ', 'bytes=\t0-1', '\tbytes=0-1', 'bytes =0-1',
  // case, unit and separators
  'BYTES=0-1', 'Bytes=0-1', 'items=0-1', 'bytes:0-1', 'bytes', '=', '==', 'bytes==0-1', 'bytes=0=1', 'bytes=0-1=2', 'x=0-1,bytes=2-3',
  // several ranges, overlapping, adjacent, out of order, empty members
  'bytes=0-1,3-4', 'bytes=0-1,1-2', 'bytes=0-1,2-3', 'bytes=3-4,0-1', 'bytes=0-5,2-3', 'bytes=0-1,0-1', 'bytes=0-1,,', 'bytes=,0-1',
  'bytes=,', 'bytes=0-1, 3-4', 'bytes=0-1 ,3-4', 'bytes=0-1,20-30', 'bytes=20-30,0-1', 'bytes=20-30,40-50', 'bytes=-2,0-1', 'bytes=0-,-1',
  'bytes=0-0,-1', 'bytes=0-1,x', 'bytes=x,0-1', 'bytes=0-1,5', 'bytes=0-1;2-3', 'bytes=0-10,0-10,0-10',
  // numbers: huge, negative, signed, leading zeros, fractions, exponents, hex
  'bytes=99999999999999999999-', 'bytes=0-99999999999999999999', 'bytes=-99999999999999999999', 'bytes=9007199254740993-',
  'bytes=1e1-', 'bytes=1e400-', 'bytes=0x5-', 'bytes=+5-', 'bytes=-+5', 'bytes=+0-+1', 'bytes=00005-0010', 'bytes=-007', 'bytes=1.9-2.1',
  'bytes=.5-', 'bytes=Infinity-', 'bytes=-Infinity', 'bytes=NaN-1', 'bytes=0-NaN', 'bytes=5-4', 'bytes=-1--1',
  // latin-1 and other bytes node's client can send
  'bytes=\u00bd-', 'bytes=0-1\u00ff', '\u00e9=0-1', 'bytes=0-1\u0085',
  // empty and odd
  '', ' ', ',', '-', '0-1', 'bytes=0-1;q=1', 'bytes="0-1"',
];

/** The pieces generated values are made of. */
const token = fc.constantFrom(
  'bytes', 'BYTES', 'items', '=', '=', '-', '-', ',', ',', ' ', '\t', ';', '0', '1', '2', '5', '10', '11', '12', '999', '00',
  '99999999999999999999', 'x', 'e', '.', '+', '\u00bd',
);
/** A generated Range value: any mix of units, separators and numbers, or well-formed pairs. */
export const rangeValue = fc.oneof(
  fc.array(token, { maxLength: 12 }).map((t) => t.join('')),
  fc.array(token, { maxLength: 8 }).map((t) => 'bytes=' + t.join('')),
  fc.array(fc.tuple(fc.option(fc.nat(30)), fc.option(fc.nat(30))), { minLength: 1, maxLength: 4 }).map(
    (pairs) => 'bytes=' + pairs.map(([a, b]) => `${a ?? ''}-${b ?? ''}`).join(','),
  ),
);
