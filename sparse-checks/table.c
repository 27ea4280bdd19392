// SPDX-License-Identifier: GPL-2.0
/*
 * One kind of hash table for every lookup of the checker: instances by
 * position or by call, identifiers, labels (uaccess.h has its lookup).
 */
#include "uaccess.h"

static void grow(struct table *t)
{
	unsigned int i, size = t->size ? 2 * t->size : 64;
	struct table_slot *slots = calloc(size, sizeof(*slots));

	if (!slots)
		die("sparse-uaccess: out of memory");
	for (i = 0; i < t->size; i++)
		if (t->slots[i].key)
			*table_slot(slots, size, t->slots[i].key) = t->slots[i];
	free(t->slots);
	t->slots = slots;
	t->size = size;
}

/*
 * The value of @key, which the caller may set: NULL when @key was not
 * there.  Valid until the next call of table_value() on @t.
 */
void **table_value(struct table *t, unsigned long long key)
{
	struct table_slot *s;

	if (2 * (t->nr + 1) > t->size)
		grow(t);
	s = table_slot(t->slots, t->size, key);
	if (!s->key) {
		s->key = key;
		t->nr++;
	}
	return &s->value;
}

/* Empties @t, and frees its values. */
void table_free(struct table *t)
{
	unsigned int i;

	for (i = 0; i < t->size; i++)
		if (t->slots[i].key)
			free(t->slots[i].value);
	free(t->slots);
	memset(t, 0, sizeof(*t));
}
