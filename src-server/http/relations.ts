/** DRF's message for a primary key in a body that names no row (PrimaryKeyRelatedField). */
export function doesNotExist(id: number): string {
  return `Invalid pk "${id}" - object does not exist.`;
}
