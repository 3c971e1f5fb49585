import { describe, expect, it } from 'vitest';
import { defaultJsonShape, jsonShapeBeyond } from '../src/http/jsonShape';

const limits = { depth: 3, members: 2 };

describe('jsonShapeBeyond', () => {
  it('takes what is within the bounds, whatever the strings hold', () => {
    expect(jsonShapeBeyond('{"a":1,"b":[1,2,3,4,5]}', limits)).toBeUndefined();
    expect(jsonShapeBeyond('[[[1]]]', limits)).toBeUndefined();
    // Braces, colons and escaped quotes inside strings are text, not structure.
    expect(jsonShapeBeyond('{"a:b:c":"{{{[[[:::","d\\":":"\\\\"}', limits)).toBeUndefined();
    expect(jsonShapeBeyond('"plain"', limits)).toBeUndefined();
  });

  it('names the first bound a body passes', () => {
    expect(jsonShapeBeyond('{"a":1,"b":2,"c":3}', limits)).toBe('an object of more than 2 members');
    expect(jsonShapeBeyond('[[[[1]]]]', limits)).toBe('values nested more than 3 deep');
    expect(jsonShapeBeyond('{"a":{"b":{"c":{}}}}', limits)).toBe('values nested more than 3 deep');
    // Members are counted per object: two objects of two members each are within.
    expect(jsonShapeBeyond('[{"a":1,"b":2},{"a":1,"b":2}]', limits)).toBeUndefined();
    expect(jsonShapeBeyond('{"a":{"x":1,"y":2},"b":2}', limits)).toBeUndefined();
  });

  it('leaves what is not JSON to the parser; holds any body to the default width', () => {
    expect(jsonShapeBeyond('}}]]{', limits)).toBeUndefined();
    expect(jsonShapeBeyond('{"a', limits)).toBeUndefined();
    const wide = `{${Array.from({ length: 300 }, (_, i) => `"k${i}":${i}`).join(',')}}`;
    expect(jsonShapeBeyond(wide, defaultJsonShape)).toBe('an object of more than 256 members');
  });
});
