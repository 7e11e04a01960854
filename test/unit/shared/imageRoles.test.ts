// Which prompt image is the query view, the map or a candidate: decided once, on the host side.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { imageRoles } from '../../../src/shared/imageRoles';

describe('image roles', () => {
  test('the query view is the first image; point and orientation questions end with the map', () => {
    assert.deepEqual(imageRoles('angle', 'ed_v', 1), ['query']);
    assert.deepEqual(imageRoles('distance', 'edist_s', 2), ['query', 'other']);
    assert.deepEqual(imageRoles('point', 'position', 2), ['query', 'map']);
    assert.deepEqual(imageRoles('point', 'gp_v', 1), ['map'], 'a single image of a point question is the map');
    assert.deepEqual(imageRoles('angle', 'orientation', 1), ['map']);
    assert.deepEqual(imageRoles('angle', 'orientation', 3), ['query', 'other', 'map']);
    assert.deepEqual(imageRoles('choice', 'tds_easy', 4), ['option', 'option', 'option', 'option']);
    assert.deepEqual(imageRoles(null, 'other', 2), ['other', 'other']);
    assert.deepEqual(imageRoles('angle', 'ed_v', 0), []);
  });
});
