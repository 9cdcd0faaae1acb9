const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const encoder = new TextEncoder();

/**
 * FNV-1a, 32 bits, over the UTF-8 bytes of the key: stable across processes, versions and
 * platforms. An ASCII key's characters are its bytes, so it is hashed as it stands; encoding it
 * (an allocation and a call into C++ for every message published) is left to other keys.
 */
export function fnv1a32(key: string): number {
  let hash = FNV_OFFSET_BASIS;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    if (code > 0x7f) return fnv1a32Bytes(encoder.encode(key));
    hash ^= code;
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

function fnv1a32Bytes(bytes: Uint8Array): number {
  let hash = FNV_OFFSET_BASIS;
  for (const byte of bytes) {
    hash ^= byte;
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

/**
 * The partition of a key in the PostgreSQL log. Every message with one key lands in one
 * partition, which is what keeps per-key order. (Kafka uses its own murmur2 partitioner.)
 */
export function partitionOf(key: string, partitions: number): number {
  return fnv1a32(key) % partitions;
}
