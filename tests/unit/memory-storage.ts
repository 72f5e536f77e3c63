/** A minimal in-memory Web Storage for unit tests (Node has no localStorage). */
export class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  constructor(initial: Record<string, string> = {}) {
    for (const [k, v] of Object.entries(initial)) this.map.set(k, v);
  }
  get length() {
    return this.map.size;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.map.has(key) ? this.map.get(key)! : null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value));
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  clear() {
    this.map.clear();
  }
  entries() {
    return [...this.map.entries()];
  }
  snapshot() {
    return Object.fromEntries(this.map);
  }
  keys() {
    return [...this.map.keys()];
  }
}
