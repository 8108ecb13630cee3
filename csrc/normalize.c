/* Normalization: RFC 3986 §6.2.2 (syntax) and §6.2.3 (scheme), one algorithm
   (normalize.h) for each code unit width, and the schemes' facts it reads.  Part of
   core.c's one translation unit. */

/* -- RFC 3986 §6.2.2 and §6.2.3 normalization ------------------------------------- */

static PyObject *registry = NULL; /* urikit.schemes' registry: lower-case name -> Scheme */
static PyObject *str_default_port, *str_default_host, *str_empty_path_is_root,
    *str_normalize_path;

static const char HEX_UPPER[] = "0123456789ABCDEF";

/* Each byte with "A".."Z" in lower case, every other byte as it is. */
#define LOWER1(c) ((c) >= 'A' && (c) <= 'Z' ? (c) | 0x20 : (c))
#define LOWER4(c) LOWER1(c), LOWER1(c + 1), LOWER1(c + 2), LOWER1(c + 3)
#define LOWER16(c) LOWER4(c), LOWER4(c + 4), LOWER4(c + 8), LOWER4(c + 12)
#define LOWER64(c) LOWER16(c), LOWER16(c + 16), LOWER16(c + 32), LOWER16(c + 48)
static const uint8_t ASCII_LOWER[256] = {LOWER64(0), LOWER64(64), LOWER64(128), LOWER64(192)};
#undef LOWER64
#undef LOWER16
#undef LOWER4
#undef LOWER1

/* Eight bytes with each of "A".."Z" in lower case and every other byte as it is. */
static inline uint64_t
ascii_lower8(uint64_t eight)
{
    const uint64_t high = 0x8080808080808080u, low7 = ~high;
    uint64_t heptets = eight & low7;
    uint64_t from_a = heptets + 0x3f3f3f3f3f3f3f3fu;  /* bit 7 set from "A" (0x41) on */
    uint64_t past_z = heptets + 0x2525252525252525u;  /* bit 7 set past "Z" (0x5A) */
    uint64_t upper = (from_a ^ past_z) & ~eight & high; /* and the byte is ASCII */
    return eight | upper >> 2;                         /* 0x80 >> 2 is 0x20 */
}

/* s[0:n] (n >= 4) into o with "A".."Z" in lower case, eight bytes at a
   time: the last eight (or the first and last four) read again where they overlap, which
   writes the same bytes again; n. */
static inline Py_ssize_t
lower_bytes(unsigned char *o, const unsigned char *s, Py_ssize_t n)
{
    if (n < 8) {
        uint32_t first, last;
        memcpy(&first, s, 4);
        memcpy(&last, s + n - 4, 4);
        uint64_t both = ascii_lower8(first | (uint64_t)last << 32);
        first = (uint32_t)both;
        last = (uint32_t)(both >> 32);
        memcpy(o + n - 4, &last, 4);
        memcpy(o, &first, 4);
        return n;
    }
    uint64_t eight;
    for (Py_ssize_t i = 0; i + 8 <= n; i += 8) {
        memcpy(&eight, s + i, 8);
        eight = ascii_lower8(eight);
        memcpy(o + i, &eight, 8);
    }
    memcpy(&eight, s + n - 8, 8);
    eight = ascii_lower8(eight);
    memcpy(o + n - 8, &eight, 8);
    return n;
}

/* What §6.2.3 needs of a urikit.schemes.Scheme, read once per Scheme object (a frozen
   dataclass: its attributes do not change; the registry may hold a new one). */
#define NO_PORT (-1)
#define BIG_PORT (-2)
typedef struct {
    PyObject *scheme; /* a strong reference: the key, by identity */
    long long default_port;
    PyObject *default_host;
    int empty_path_is_root, custom_path;
} SchemeFacts;

static SchemeFacts facts_cache[16];
static int facts_next = 0;

static const SchemeFacts *
scheme_facts(PyObject *known)
{
    for (int i = 0; i < 16; i++)
        if (facts_cache[i].scheme == known)
            return &facts_cache[i];
    SchemeFacts fresh = {NULL, NO_PORT, NULL, 0, 0};
    PyObject *value = PyObject_GetAttr(known, str_normalize_path);
    if (value == NULL)
        return NULL;
    fresh.custom_path = value != Py_None;
    Py_DECREF(value);
    value = PyObject_GetAttr(known, str_default_port);
    if (value == NULL)
        return NULL;
    if (value != Py_None) {
        int overflow = 0;
        long long port = PyLong_AsLongLongAndOverflow(value, &overflow);
        if (port == -1 && PyErr_Occurred()) {
            Py_DECREF(value);
            return NULL;
        }
        fresh.default_port = overflow || port < 0 ? BIG_PORT : port;
    }
    Py_DECREF(value);
    value = PyObject_GetAttr(known, str_empty_path_is_root);
    if (value == NULL)
        return NULL;
    fresh.empty_path_is_root = PyObject_IsTrue(value);
    Py_DECREF(value);
    if (fresh.empty_path_is_root < 0)
        return NULL;
    fresh.default_host = PyObject_GetAttr(known, str_default_host);
    if (fresh.default_host == NULL)
        return NULL;
    SchemeFacts *slot = &facts_cache[facts_next];
    facts_next = (facts_next + 1) % 16;
    Py_XDECREF(slot->scheme);
    Py_XDECREF(slot->default_host);
    Py_INCREF(known);
    fresh.scheme = known;
    *slot = fresh;
    return slot;
}


/* The facts of the schemes met by one call (a column, a row), by lower-case name: the
   registry is asked once per distinct scheme, with no str made per row.  It is read
   live (it may change between calls), so a cache lives for one call. */
#define CACHED_SCHEMES 32
typedef struct {
    char name[32]; /* the lower-case name, name[0:n] */
    Py_ssize_t n;
    int known; /* 0: not in the registry (the rest unset) */
    long long default_port;
    PyObject *default_host; /* a strong reference, or NULL for None */
    int default_host_ascii, empty_path_is_root, custom_path;
} SchemeEntry;

typedef struct {
    int count, last; /* the entries filled; the one found last */
    SchemeEntry other; /* a scheme past the cache's room or its names' length */
    SchemeEntry entries[CACHED_SCHEMES];
} SchemeCache;

static void
scheme_cache_init(SchemeCache *c)
{
    c->count = c->last = 0;
    c->other.default_host = NULL;
}

static void
scheme_cache_clear(SchemeCache *c)
{
    for (int i = 0; i < c->count; i++)
        Py_CLEAR(c->entries[i].default_host);
    Py_CLEAR(c->other.default_host);
    c->count = 0;
}

/* Whether a[0:n] and b[0:n] are the same bytes: a name of 4 to 8 bytes by its first and
   last four, without a call. */
static inline int
same_name(const char *a, const char *b, Py_ssize_t n)
{
    if (n < 4 || n > 8)
        return memcmp(a, b, (size_t)n) == 0;
    uint32_t a0, a1, b0, b1;
    memcpy(&a0, a, 4);
    memcpy(&a1, a + n - 4, 4);
    memcpy(&b0, b, 4);
    memcpy(&b1, b + n - 4, 4);
    return ((a0 ^ b0) | (a1 ^ b1)) == 0;
}

/* The facts of the scheme named name[0:n] (lower case); NULL with an exception. */
static const SchemeEntry *
scheme_lookup(SchemeCache *c, const char *name, Py_ssize_t n)
{
    /* from the one found last (rows come in runs) */
    for (int k = 0, i = c->last; k < c->count; k++, i = i + 1 < c->count ? i + 1 : 0) {
        if (c->entries[i].n == n && same_name(c->entries[i].name, name, n)) {
            c->last = i;
            return &c->entries[i];
        }
    }
    SchemeEntry *e =
        c->count < CACHED_SCHEMES && n <= (Py_ssize_t)sizeof e->name ? &c->entries[c->count]
                                                                     : &c->other;
    if (e == &c->other)
        Py_CLEAR(e->default_host);
    else
        e->default_host = NULL; /* a fresh entry */
    e->known = 0;
    if (registry != NULL) {
        PyObject *key = PyUnicode_DecodeASCII(name, n, NULL);
        if (key == NULL)
            return NULL;
        PyObject *known = PyDict_GetItemWithError(registry, key);
        Py_DECREF(key);
        if (known == NULL && PyErr_Occurred())
            return NULL;
        if (known != NULL) {
            Py_INCREF(known);
            const SchemeFacts *facts = scheme_facts(known);
            Py_DECREF(known);
            if (facts == NULL)
                return NULL;
            e->known = 1;
            e->default_port = facts->default_port;
            e->empty_path_is_root = facts->empty_path_is_root;
            e->custom_path = facts->custom_path;
            if (facts->default_host != Py_None) {
                e->default_host = Py_NewRef(facts->default_host);
                e->default_host_ascii =
                    PyUnicode_Check(e->default_host) && PyUnicode_IS_ASCII(e->default_host);
            }
        }
    }
    if (e != &c->other) {
        memcpy(e->name, name, (size_t)n);
        e->n = n;
        c->count++;
    }
    return e;
}

#define CH Py_UCS4
#define UNIT(x) x
#include "normalize.h"
#undef CH
#undef UNIT
#define CH Py_UCS1
#define UNIT(x) x##_ucs1
#include "normalize.h"
#undef CH
#undef UNIT
