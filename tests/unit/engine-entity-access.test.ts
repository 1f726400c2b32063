// Protects: entity access routes: which route grants each react-admin action on an entity, and nothing for unknown resources.
import { describe, expect, it } from 'vitest';
import { entityAccessRoute } from '../../src/schema/access';

describe('entity access routes', () => {
  it('maps react-admin actions on an entity to the routes that grant them', () => {
    expect(entityAccessRoute('productCategory', 'list')).toBe('productCate');
    expect(entityAccessRoute('productCategory', 'create')).toBe('addProductCate');
    expect(entityAccessRoute('productCategory', 'edit')).toBe('updateProductCate');
    expect(entityAccessRoute('productCategory', 'delete')).toBe('updateProductCate');
  });

  it('uses the list route for entities edited from their list', () => {
    expect(entityAccessRoute('returnReason', 'create')).toBe('returnReason');
    expect(entityAccessRoute('returnReason', 'delete')).toBe('returnReason');
  });

  it('knows nothing of other resources', () => {
    expect(entityAccessRoute('productCate', 'list')).toBeUndefined();
  });
});
