/**
 * The messages composed for the deliveries lately tried, by delivery id: a retry (every few
 * minutes through an SMTP outage) sends the same message without rendering its HTML part again,
 * which is most of an attempt's own time. The oldest is let go past `size`.
 */
export function composedMessages<T>(size = 64): (deliveryId: number, compose: () => T) => T {
  const kept = new Map<number, T>();
  return (deliveryId, compose) => {
    const known = kept.get(deliveryId);
    if (known !== undefined) return known;
    const made = compose();
    kept.set(deliveryId, made);
    if (kept.size > size) kept.delete(kept.keys().next().value!);
    return made;
  };
}
