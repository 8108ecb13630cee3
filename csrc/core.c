/* urikit._core: the compiled core of urikit's hot paths (issue 13).

   The validating split under RFC 3986 and RFC 3987 (scan.h), reference resolution (RFC
   3986 §5.2 with §5.2.4 remove_dot_segments), normalization (§6.2.2 syntax, §6.2.3
   scheme) and their forms over Arrow string columns.  The pure-Python engine
   (urikit._syntax.parse, _resolve, _normalize) is the reference: every function here answers
   exactly as it does, or returns None so that the caller takes the Python path (an
   invalid input, whose diagnosis stays in Python; a scheme with its own path
   normalizer; an IRI with percent-encodings to decode).  The character classes are
   generated from urikit._syntax.charsets (tables.h, by gen_tables.py). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <string.h>

#include "tables.h"

#define RULE_SCHEME_REQUIRED 1
#define RULE_SCHEME_FORBIDDEN 2
#define RULE_NO_FRAGMENT 4
#define RULE_NOT_EMPTY 8

enum { SCHEME, AUTHORITY, USERINFO, HOST, PORT, PATH, QUERY, FRAGMENT };

static inline int
is_hex(Py_UCS4 c)
{
    return c < 128 && (ASCII_CLASSES[0][c] & CL_HEXDIG);
}

static inline int
hex_value(Py_UCS4 c)
{
    return c <= '9' ? (int)(c - '0') : (int)((c | 0x20) - 'a' + 10);
}

static inline int
in_wide(const WideClass *w, Py_UCS4 c)
{
    int lo = 0, hi = w->count - 1;
    while (lo <= hi) { /* the ranges are sorted and disjoint */
        int mid = (lo + hi) / 2;
        if (c < w->ranges[mid].lo)
            hi = mid - 1;
        else if (c > w->ranges[mid].hi)
            lo = mid + 1;
        else
            return 1;
    }
    return 0;
}

/* What run() does with a code point below 256 in a class: RUN[g][k][c], unfolded at
   import from ASCII_CLASSES and WIDE (run_tables), so that the scan's inner loop is one
   lookup.  Code points from 256 on are RUN_WIDE for every class. */
enum { RUN_OUT, RUN_IN, RUN_PCT, RUN_WIDE };
static uint8_t RUN[N_GRAMMARS][7][256];
/* What may end the userinfo's lookahead (RFC 3986 §3.2: "@", or what ends the authority). */
static const uint8_t AUTHORITY_STOP[128] = {['@'] = 1, ['/'] = 1, ['?'] = 1, ['#'] = 1};

static void
run_tables(void)
{
    for (int g = 0; g < N_GRAMMARS; g++)
        for (int k = 0; k < 7; k++)
            for (int c = 0; c < 256; c++) {
                uint8_t action = RUN_OUT;
                if (c >= 128)
                    action = WIDE[g][k].count ? RUN_WIDE : RUN_OUT;
                else if (ASCII_CLASSES[g][c] & (1u << k))
                    action = c == '%' ? RUN_PCT : RUN_IN;
                RUN[g][k][c] = action;
            }
}

#define CH Py_UCS1
#define NARROW 1
#define SCAN_NAME(x) x##_ucs1
#include "scan.h"
#undef CH
#undef NARROW
#undef SCAN_NAME
#define CH Py_UCS2
#define NARROW 0
#define SCAN_NAME(x) x##_ucs2
#include "scan.h"
#undef CH
#undef NARROW
#undef SCAN_NAME
#define CH Py_UCS4
#define NARROW 0
#define SCAN_NAME(x) x##_ucs4
#include "scan.h"
#undef CH
#undef NARROW
#undef SCAN_NAME

/* -- growable buffers --------------------------------------------------------------- */

typedef struct {
    Py_UCS4 *p;
    Py_ssize_t n, cap;
    Py_UCS4 stack[256];
} Buf;

static void
buf_init(Buf *b)
{
    b->p = b->stack;
    b->n = 0;
    b->cap = 256;
}

static void
buf_free(Buf *b)
{
    if (b->p != b->stack)
        PyMem_Free(b->p);
    buf_init(b);
}

static int
buf_reserve(Buf *b, Py_ssize_t extra)
{
    if (b->n + extra <= b->cap)
        return 0;
    Py_ssize_t cap = b->cap;
    while (cap < b->n + extra)
        cap *= 2;
    Py_UCS4 *p = PyMem_Malloc((size_t)cap * sizeof(Py_UCS4));
    if (p == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    memcpy(p, b->p, (size_t)b->n * sizeof(Py_UCS4));
    if (b->p != b->stack)
        PyMem_Free(b->p);
    b->p = p;
    b->cap = cap;
    return 0;
}

static int
buf_put(Buf *b, const Py_UCS4 *s, Py_ssize_t n)
{
    if (buf_reserve(b, n) < 0)
        return -1;
    memcpy(b->p + b->n, s, (size_t)n * sizeof(Py_UCS4));
    b->n += n;
    return 0;
}

static int
buf_ascii(Buf *b, const char *s)
{
    Py_ssize_t n = (Py_ssize_t)strlen(s);
    if (buf_reserve(b, n) < 0)
        return -1;
    for (Py_ssize_t i = 0; i < n; i++)
        b->p[b->n++] = (Py_UCS4)(unsigned char)s[i];
    return 0;
}

typedef struct {
    char *p;
    Py_ssize_t n, cap;
} Bytes;

static int
bytes_reserve(Bytes *b, Py_ssize_t extra)
{
    if (b->n + extra <= b->cap)
        return 0;
    Py_ssize_t cap = b->cap ? b->cap : 1024;
    while (cap < b->n + extra)
        cap *= 2;
    char *p = PyMem_Realloc(b->p, (size_t)cap);
    if (p == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    b->p = p;
    b->cap = cap;
    return 0;
}

static int
bytes_put(Bytes *b, const void *s, Py_ssize_t n)
{
    if (bytes_reserve(b, n) < 0)
        return -1;
    if (n)
        memcpy(b->p + b->n, s, (size_t)n);
    b->n += n;
    return 0;
}

static int
bytes_utf8(Bytes *b, const Py_UCS4 *s, Py_ssize_t n)
{
    if (bytes_reserve(b, 4 * n) < 0)
        return -1;
    char *o = b->p + b->n;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_UCS4 c = s[i];
        if (c < 0x80)
            *o++ = (char)c;
        else if (c < 0x800) {
            *o++ = (char)(0xC0 | (c >> 6));
            *o++ = (char)(0x80 | (c & 0x3F));
        }
        else if (c < 0x10000) {
            *o++ = (char)(0xE0 | (c >> 12));
            *o++ = (char)(0x80 | ((c >> 6) & 0x3F));
            *o++ = (char)(0x80 | (c & 0x3F));
        }
        else {
            *o++ = (char)(0xF0 | (c >> 18));
            *o++ = (char)(0x80 | ((c >> 12) & 0x3F));
            *o++ = (char)(0x80 | ((c >> 6) & 0x3F));
            *o++ = (char)(0x80 | (c & 0x3F));
        }
    }
    b->n = o - b->p;
    return 0;
}

static PyObject *
bytes_finish(Bytes *b)
{
    PyObject *result = PyBytes_FromStringAndSize(b->p ? b->p : "", b->n);
    PyMem_Free(b->p);
    b->p = NULL;
    b->n = b->cap = 0;
    return result;
}

/* -- a split reference over code points -------------------------------------------- */

typedef struct {
    const Py_UCS4 *s;
    Py_ssize_t n;
    Py_ssize_t sp[16];
} Ref;

#define HAS(r, k) ((r)->sp[2 * (k)] >= 0)
#define AT(r, k) ((r)->s + (r)->sp[2 * (k)])
#define LEN(r, k) ((r)->sp[2 * (k) + 1] - (r)->sp[2 * (k)])

static int
scan_ref(Ref *r, const Py_UCS4 *s, Py_ssize_t n, int g, int flags)
{
    r->s = s;
    r->n = n;
    return scan_ucs4(s, n, g, flags, r->sp);
}

/* A str as code points: into `stack` when it fits, else into memory the caller frees. */
static Py_UCS4 *
as_ucs4(PyObject *text, Py_UCS4 *stack, Py_ssize_t size, Py_ssize_t *n)
{
    *n = PyUnicode_GET_LENGTH(text);
    Py_UCS4 *p = stack;
    if (*n + 1 > size) {
        p = PyMem_Malloc((size_t)(*n + 1) * sizeof(Py_UCS4));
        if (p == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
    }
    if (PyUnicode_AsUCS4(text, p, *n + 1, 0) == NULL) {
        if (p != stack)
            PyMem_Free(p);
        return NULL;
    }
    return p;
}

/* -- RFC 3986 §5.2.4 remove_dot_segments ------------------------------------------- */

typedef struct {
    Py_ssize_t a, b;
} Seg;

static inline int
seg_is(const Py_UCS4 *s, Seg g, const char *text)
{
    Py_ssize_t n = (Py_ssize_t)strlen(text);
    if (g.b - g.a != n)
        return 0;
    for (Py_ssize_t i = 0; i < n; i++)
        if (s[g.a + i] != (Py_UCS4)text[i])
            return 0;
    return 1;
}

static inline int
starts(const Py_UCS4 *s, Py_ssize_t i, Py_ssize_t n, const char *text)
{
    for (; *text; text++, i++)
        if (i >= n || s[i] != (Py_UCS4)*text)
            return 0;
    return 1;
}

/* §5.2.4 on s[0:n], appended to out; a transcription of urikit._algorithms.resolve._remove_dots
   (the two segment stacks its last note allows).  keep: a ".." with nothing left to
   remove stays (RFC 2396's reading), else it is dropped as RFC 3986 says. */
static int
remove_dots(const Py_UCS4 *s, Py_ssize_t n, int keep, Buf *out)
{
    int dotted = n && s[0] == '.';
    for (Py_ssize_t i = 0; !dotted && i + 1 < n; i++)
        if (s[i] == '/' && s[i + 1] == '.')
            dotted = 1;
    if (!dotted)
        return buf_put(out, s, n);
    Py_ssize_t i = 0;
    if (s[0] == '.') { /* A: "../" and "./" prefixes */
        for (;;) {
            if (starts(s, i, n, "../"))
                i += 3;
            else if (starts(s, i, n, "./"))
                i += 2;
            else
                break;
        }
        Py_ssize_t rest = n - i;
        if ((rest == 1 && s[i] == '.') || (rest == 2 && s[i] == '.' && s[i + 1] == '.'))
            return 0; /* D */
    }
    Py_ssize_t count = 1;
    for (Py_ssize_t j = i; j < n; j++)
        count += s[j] == '/';
    Seg stack[64];
    Seg *segs = stack, *output;
    if (2 * count > 64) {
        segs = PyMem_Malloc((size_t)(2 * count) * sizeof(Seg));
        if (segs == NULL) {
            PyErr_NoMemory();
            return -1;
        }
    }
    output = segs + count;
    Py_ssize_t nseg = 0, start = i;
    segs[0].a = segs[0].b = i;
    for (Py_ssize_t j = i; j <= n; j++)
        if (j == n || s[j] == '/') {
            segs[nseg].a = start;
            segs[nseg++].b = j;
            start = j + 1;
        }
    Py_ssize_t nout = 0;
    Seg head = segs[0];
    int rootless = head.b > head.a;
    if (rootless)
        output[nout++] = head;
    int status = 0;
    if (nseg == 1) {
        status = buf_put(out, s + head.a, head.b - head.a);
        goto done;
    }
    for (Py_ssize_t k = 1; k <= nseg - 1; k++) {
        Seg seg = segs[k];
        int last = k == nseg - 1;
        if (seg_is(s, seg, "..")) { /* C */
            if (nout && !seg_is(s, output[nout - 1], "..")) {
                nout--;
                rootless = rootless && nout;
            }
            else if (keep)
                output[nout++] = seg;
            if (last) {
                Seg empty = {0, 0};
                output[nout++] = empty;
            }
        }
        else if (seg_is(s, seg, ".")) { /* B */
            if (last) {
                Seg empty = {0, 0};
                output[nout++] = empty;
            }
        }
        else /* E */
            output[nout++] = seg;
    }
    if (!rootless && buf_ascii(out, "/") < 0) {
        status = -1;
        goto done;
    }
    for (Py_ssize_t k = 0; k < nout; k++) {
        if ((k && buf_ascii(out, "/") < 0) ||
            buf_put(out, s + output[k].a, output[k].b - output[k].a) < 0) {
            status = -1;
            goto done;
        }
    }
done:
    if (segs != stack)
        PyMem_Free(segs);
    return status;
}

/* -- RFC 3986 §5.2.2 Transform References and §5.3 Recomposition ------------------ */

typedef struct {
    const Py_UCS4 *s; /* NULL: absent */
    Py_ssize_t n;
} Part;

static Part
part(const Ref *r, int k)
{
    Part p = {NULL, 0};
    if (HAS(r, k)) {
        p.s = AT(r, k);
        p.n = LEN(r, k);
    }
    return p;
}

static int
same_scheme(Part a, Part b)
{
    if (a.s == NULL || b.s == NULL || a.n != b.n)
        return 0;
    for (Py_ssize_t i = 0; i < a.n; i++) {
        Py_UCS4 x = a.s[i], y = b.s[i];
        if (x >= 'A' && x <= 'Z')
            x |= 0x20;
        if (y >= 'A' && y <= 'Z')
            y |= 0x20;
        if (x != y)
            return 0;
    }
    return 1;
}

/* The target of r against base (which has a scheme), recomposed into out. */
static int
transform(const Ref *base, const Ref *r, int strict, int keep, Buf *out)
{
    Part scheme = part(r, SCHEME), authority, query;
    Buf path;
    buf_init(&path);
    int status = -1;
    if (!strict && same_scheme(scheme, part(base, SCHEME)))
        scheme.s = NULL; /* a non-strict parser may ignore the base's own scheme */
    if (scheme.s != NULL || HAS(r, AUTHORITY)) {
        if (scheme.s == NULL)
            scheme = part(base, SCHEME);
        authority = part(r, AUTHORITY);
        if (remove_dots(AT(r, PATH), LEN(r, PATH), keep, &path) < 0)
            goto done;
        query = part(r, QUERY);
    }
    else {
        scheme = part(base, SCHEME);
        authority = part(base, AUTHORITY);
        if (LEN(r, PATH) == 0) {
            if (buf_put(&path, AT(base, PATH), LEN(base, PATH)) < 0)
                goto done;
            query = HAS(r, QUERY) ? part(r, QUERY) : part(base, QUERY);
        }
        else {
            if (AT(r, PATH)[0] == '/') {
                if (remove_dots(AT(r, PATH), LEN(r, PATH), keep, &path) < 0)
                    goto done;
            }
            else { /* §5.2.3 Merge Paths */
                Buf merged;
                buf_init(&merged);
                int failed;
                if (HAS(base, AUTHORITY) && LEN(base, PATH) == 0)
                    failed = buf_ascii(&merged, "/");
                else {
                    Py_ssize_t cut = LEN(base, PATH);
                    while (cut && AT(base, PATH)[cut - 1] != '/')
                        cut--;
                    failed = buf_put(&merged, AT(base, PATH), cut);
                }
                failed = failed || buf_put(&merged, AT(r, PATH), LEN(r, PATH)) < 0 ||
                         remove_dots(merged.p, merged.n, keep, &path) < 0;
                buf_free(&merged);
                if (failed)
                    goto done;
            }
            query = part(r, QUERY);
        }
    }
    Part fragment = part(r, FRAGMENT);
    if (buf_put(out, scheme.s, scheme.n) < 0 || buf_ascii(out, ":") < 0)
        goto done;
    if (authority.s != NULL) {
        if (buf_ascii(out, "//") < 0 || buf_put(out, authority.s, authority.n) < 0)
            goto done;
    }
    else if (path.n >= 2 && path.p[0] == '/' && path.p[1] == '/') {
        if (buf_ascii(out, "/.") < 0) /* §3.3: "//" without an authority stays a path */
            goto done;
    }
    if (buf_put(out, path.p, path.n) < 0)
        goto done;
    if (query.s != NULL && (buf_ascii(out, "?") < 0 || buf_put(out, query.s, query.n) < 0))
        goto done;
    if (fragment.s != NULL &&
        (buf_ascii(out, "#") < 0 || buf_put(out, fragment.s, fragment.n) < 0))
        goto done;
    status = 0;
done:
    buf_free(&path);
    return status;
}

/* -- RFC 3986 §6.2.2 and §6.2.3 normalization ------------------------------------- */

static PyObject *registry = NULL; /* urikit.schemes' registry: lower-case name -> Scheme */
static PyObject *str_default_port, *str_default_host, *str_empty_path_is_root,
    *str_normalize_path;

static const char HEX_UPPER[] = "0123456789ABCDEF";

/* §6.2.2.1 and §6.2.2.2: each pct-encoded triplet of s[0:n] decoded when it is an
   unreserved octet, else with upper-case hex digits; with `lower`, ASCII letters in
   lower case too (a host: RFC 3986 §6.2.2.1, RFC 3987 §5.3.2.1). */
static int
put_pct_normal(Buf *out, const Py_UCS4 *s, Py_ssize_t n, int lower)
{
    if (buf_reserve(out, n) < 0)
        return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_UCS4 c = s[i];
        if (c == '%' && i + 2 < n && is_hex(s[i + 1]) && is_hex(s[i + 2])) {
            int octet = hex_value(s[i + 1]) * 16 + hex_value(s[i + 2]);
            if (octet < 128 && (ASCII_CLASSES[0][octet] & CL_UNRESERVED)) {
                c = (Py_UCS4)octet;
                if (lower && c >= 'A' && c <= 'Z')
                    c |= 0x20;
                out->p[out->n++] = c;
            }
            else {
                out->p[out->n++] = '%';
                out->p[out->n++] = (Py_UCS4)HEX_UPPER[octet >> 4];
                out->p[out->n++] = (Py_UCS4)HEX_UPPER[octet & 15];
            }
            i += 2;
            continue;
        }
        if (lower && c >= 'A' && c <= 'Z')
            c |= 0x20;
        out->p[out->n++] = c;
    }
    return 0;
}

static int
equal_ascii(const Py_UCS4 *s, Py_ssize_t n, PyObject *text)
{
    if (!PyUnicode_Check(text) || PyUnicode_GET_LENGTH(text) != n)
        return 0;
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    for (Py_ssize_t i = 0; i < n; i++)
        if (PyUnicode_READ(kind, data, i) != s[i])
            return 0;
    return 1;
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

/* Normalize the reference r (grammar g) at level 1 (syntax) or 2 (scheme) into out.
   1: done; 2: the Python path must do it; -1: an exception. */
static int
normalize_ref(const Ref *r, int g, int level, Buf *out)
{
    Buf scheme, host, userinfo, path, tmp;
    buf_init(&scheme);
    buf_init(&host);
    buf_init(&userinfo);
    buf_init(&path);
    buf_init(&tmp);
    int status = -1;
    PyObject *known = NULL, *name = NULL;
    if (g == 1) { /* RFC 3987 §5.3.2.3: decoding UCS escapes is the Python path's */
        for (Py_ssize_t i = 0; i < r->n; i++)
            if (r->s[i] == '%') {
                status = 2;
                goto done;
            }
    }
    int has_scheme = HAS(r, SCHEME), has_host = HAS(r, HOST);
    if (has_scheme && put_pct_normal(&scheme, AT(r, SCHEME), LEN(r, SCHEME), 1) < 0)
        goto done;
    if (HAS(r, USERINFO) && put_pct_normal(&userinfo, AT(r, USERINFO), LEN(r, USERINFO), 0) < 0)
        goto done;
    if (has_host) {
        const Py_UCS4 *h = AT(r, HOST);
        Py_ssize_t hn = LEN(r, HOST);
        if (hn && h[0] == '[') { /* an RFC 6874 zone keeps its case */
            Py_ssize_t zone = 0;
            while (zone < hn && h[zone] != '%')
                zone++;
            if (put_pct_normal(&host, h, zone, 1) < 0 ||
                put_pct_normal(&host, h + zone, hn - zone, 0) < 0)
                goto done;
        }
        else if (put_pct_normal(&host, h, hn, 1) < 0)
            goto done;
    }
    if (put_pct_normal(&tmp, AT(r, PATH), LEN(r, PATH), 0) < 0)
        goto done;
    if (has_scheme || (tmp.n && tmp.p[0] == '/')) { /* §6.2.2.3 */
        if (remove_dots(tmp.p, tmp.n, 0, &path) < 0)
            goto done;
    }
    else if (buf_put(&path, tmp.p, tmp.n) < 0)
        goto done;
    const Py_UCS4 *port = HAS(r, PORT) ? AT(r, PORT) : NULL;
    Py_ssize_t port_n = HAS(r, PORT) ? LEN(r, PORT) : 0;
    if (level == 2 && has_scheme) { /* §6.2.3 */
        if (port != NULL && port_n == 0)
            port = NULL; /* an empty port goes */
        if (registry != NULL) {
            name = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, scheme.p, scheme.n);
            if (name == NULL)
                goto done;
            known = PyDict_GetItemWithError(registry, name);
            if (known == NULL && PyErr_Occurred())
                goto done;
            Py_XINCREF(known);
        }
        const SchemeFacts *facts = known == NULL ? NULL : scheme_facts(known);
        if (known != NULL && facts == NULL)
            goto done;
        if (facts != NULL) {
            if (facts->custom_path && !HAS(r, AUTHORITY)) {
                status = 2;
                goto done;
            }
            if (facts->default_port != NO_PORT && port != NULL) { /* the default port goes */
                while (port_n > 1 && port[0] == '0') {
                    port++;
                    port_n--;
                }
                if (facts->default_port == BIG_PORT || port_n > 18) {
                    status = 2; /* Python compares strings of any length */
                    goto done;
                }
                long long got = 0;
                for (Py_ssize_t i = 0; i < port_n; i++)
                    got = got * 10 + (long long)(port[i] - '0');
                if (got == facts->default_port)
                    port = NULL;
            }
            if (facts->default_host != Py_None && has_host &&
                equal_ascii(host.p, host.n, facts->default_host) && userinfo.n == 0 &&
                port == NULL)
                host.n = 0; /* the scheme's default host is the empty one */
            if (has_host && path.n == 0 && facts->empty_path_is_root && buf_ascii(&path, "/") < 0)
                goto done;
        }
    }
    if (has_scheme && (buf_put(out, scheme.p, scheme.n) < 0 || buf_ascii(out, ":") < 0))
        goto done;
    if (has_host) {
        if (buf_ascii(out, "//") < 0)
            goto done;
        if (HAS(r, USERINFO) &&
            (buf_put(out, userinfo.p, userinfo.n) < 0 || buf_ascii(out, "@") < 0))
            goto done;
        if (buf_put(out, host.p, host.n) < 0)
            goto done;
        if (port != NULL && (buf_ascii(out, ":") < 0 || buf_put(out, port, port_n) < 0))
            goto done;
        if (path.n && path.p[0] != '/' && buf_ascii(out, "/") < 0)
            goto done;
    }
    else if (path.n >= 2 && path.p[0] == '/' && path.p[1] == '/') {
        if (buf_ascii(out, "/.") < 0) /* §3.3: "//" without an authority stays a path */
            goto done;
    }
    else if (!has_scheme) { /* §4.2: ":" in a first segment would read as a scheme */
        for (Py_ssize_t i = 0; i < path.n && path.p[i] != '/'; i++)
            if (path.p[i] == ':') {
                if (buf_ascii(out, "./") < 0)
                    goto done;
                break;
            }
    }
    if (buf_put(out, path.p, path.n) < 0)
        goto done;
    if (HAS(r, QUERY) &&
        (buf_ascii(out, "?") < 0 || put_pct_normal(out, AT(r, QUERY), LEN(r, QUERY), 0) < 0))
        goto done;
    if (HAS(r, FRAGMENT) && (buf_ascii(out, "#") < 0 ||
                             put_pct_normal(out, AT(r, FRAGMENT), LEN(r, FRAGMENT), 0) < 0))
        goto done;
    status = 1;
done:
    Py_XDECREF(known);
    Py_XDECREF(name);
    buf_free(&scheme);
    buf_free(&host);
    buf_free(&userinfo);
    buf_free(&path);
    buf_free(&tmp);
    return status;
}

/* -- the per-string API --------------------------------------------------------------- */

static PyTypeObject *split_type = NULL; /* urikit._syntax.parse.Split, a tuple subclass */
static PyObject *normalize_fallback = NULL;

static int
scan_str(PyObject *text, int g, int flags, Py_ssize_t *sp)
{
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    switch (PyUnicode_KIND(text)) {
    case PyUnicode_1BYTE_KIND:
        return scan_ucs1(data, n, g, flags, sp);
    case PyUnicode_2BYTE_KIND:
        return scan_ucs2(data, n, g, flags, sp);
    default:
        return scan_ucs4(data, n, g, flags, sp);
    }
}

static int
check_args(PyObject *const *args, Py_ssize_t nargs, Py_ssize_t want, const char *name)
{
    if (nargs != want) {
        PyErr_Format(PyExc_TypeError, "%s() takes %zd arguments", name, want);
        return -1;
    }
    return 0;
}

static int
grammar_id(PyObject *value)
{
    long g = PyLong_AsLong(value);
    if (g == -1 && PyErr_Occurred())
        return -1;
    if (g < 0 || g >= N_GRAMMARS) {
        PyErr_SetString(PyExc_ValueError, "unknown grammar id");
        return -1;
    }
    return (int)g;
}

static int
small_int(PyObject *value, long limit)
{
    long v = PyLong_AsLong(value);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (v < 0 || v > limit) {
        PyErr_SetString(PyExc_ValueError, "argument out of range");
        return -1;
    }
    return (int)v;
}

/* The Split of text, whose spans are sp (the text, then the eight components). */
static PyObject *
make_split(PyObject *text, const Py_ssize_t *sp)
{
    PyObject *items[8];
    for (int k = 0; k < 8; k++) {
        if (sp[2 * k] < 0) {
            items[k] = Py_None;
            Py_INCREF(Py_None);
        }
        else {
            items[k] = PyUnicode_Substring(text, sp[2 * k], sp[2 * k + 1]);
            if (items[k] == NULL) {
                for (int j = 0; j < k; j++)
                    Py_DECREF(items[j]);
                return NULL;
            }
        }
    }
    /* the whole text as a str (a str subclass's is copied, as re's groups are) */
    PyObject *whole = PyUnicode_Substring(text, 0, PyUnicode_GET_LENGTH(text));
    PyObject *result = whole == NULL ? NULL
                       : split_type != NULL ? split_type->tp_alloc(split_type, 9)
                                            : PyTuple_New(9);
    if (result == NULL) {
        Py_XDECREF(whole);
        for (int j = 0; j < 8; j++)
            Py_DECREF(items[j]);
        return NULL;
    }
    PyTuple_SET_ITEM(result, 0, whole);
    for (int k = 0; k < 8; k++)
        PyTuple_SET_ITEM(result, k + 1, items[k]);
    return result;
}

static int
parse_common(PyObject *const *args, Py_ssize_t nargs, Py_ssize_t want, const char *name, int *g,
             int *flags)
{
    if (check_args(args, nargs, want, name) < 0)
        return -1;
    if (!PyUnicode_Check(args[0])) {
        PyErr_Format(PyExc_TypeError, "a URI reference is a str, not %.100s",
                     Py_TYPE(args[0])->tp_name);
        return -1;
    }
    *g = grammar_id(args[want - 2]);
    *flags = small_int(args[want - 1], 15);
    return *g < 0 || *flags < 0 ? -1 : 0;
}

PyDoc_STRVAR(split_doc, "split(text, grammar_id, rule_flags) -> Split | None\n\n"
                        "The text and its eight components (RFC 3986 §3), or None when the "
                        "text does not fit the rule.");

static PyObject *
core_split(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    int g, flags;
    if (parse_common(args, nargs, 3, "split", &g, &flags) < 0)
        return NULL;
    Py_ssize_t sp[16];
    if (!scan_str(args[0], g, flags, sp))
        Py_RETURN_NONE;
    return make_split(args[0], sp);
}

static PyObject *make_reference(PyObject *text, const Py_ssize_t *sp, PyObject *grammar);

/* urikit.URIReference and the offsets of its two slots (_parts, _grammar). */
static PyTypeObject *reference_type = NULL;
static Py_ssize_t parts_offset = -1, grammar_offset = -1;

static Py_ssize_t
slot_offset(PyTypeObject *type, const char *name)
{
    PyObject *descr = PyDict_GetItemString(type->tp_dict, name);
    if (descr == NULL || !PyObject_TypeCheck(descr, &PyMemberDescr_Type)) {
        PyErr_Format(PyExc_TypeError, "%.100s has no slot %s", type->tp_name, name);
        return -1;
    }
    PyMemberDef *member = ((PyMemberDescrObject *)descr)->d_member;
    if (member->type != T_OBJECT_EX) {
        PyErr_Format(PyExc_TypeError, "%s is not an object slot", name);
        return -1;
    }
    return member->offset;
}

PyDoc_STRVAR(parse_doc, "parse(text, grammar, grammar_id, rule_flags) -> URIReference | None\n\n"
                        "A URIReference of grammar (its _parts the Split), or None when the "
                        "text does not fit the rule.");

static PyObject *
core_parse(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    int g, flags;
    if (parse_common(args, nargs, 4, "parse", &g, &flags) < 0)
        return NULL;
    if (reference_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "configure_reference() was not called");
        return NULL;
    }
    Py_ssize_t sp[16];
    if (!scan_str(args[0], g, flags, sp))
        Py_RETURN_NONE;
    return make_reference(args[0], sp, args[1]);
}

/* A URIReference of text (split at sp) and grammar. */
static PyObject *
make_reference(PyObject *text, const Py_ssize_t *sp, PyObject *grammar)
{
    PyObject *parts = make_split(text, sp);
    if (parts == NULL)
        return NULL;
    PyObject *ref = reference_type->tp_alloc(reference_type, 0);
    if (ref == NULL) {
        Py_DECREF(parts);
        return NULL;
    }
    *(PyObject **)((char *)ref + parts_offset) = parts;
    Py_INCREF(grammar);
    *(PyObject **)((char *)ref + grammar_offset) = grammar;
    return ref;
}

PyDoc_STRVAR(configure_reference_doc,
             "configure_reference(URIReference)\n\nThe class parse() makes, with its slots "
             "_parts and _grammar.");

static PyObject *
core_configure_reference(PyObject *self, PyObject *type)
{
    if (!PyType_Check(type)) {
        PyErr_SetString(PyExc_TypeError, "configure_reference() takes a class");
        return NULL;
    }
    Py_ssize_t parts = slot_offset((PyTypeObject *)type, "_parts");
    Py_ssize_t grammar = parts < 0 ? -1 : slot_offset((PyTypeObject *)type, "_grammar");
    if (grammar < 0)
        return NULL;
    Py_INCREF(type);
    Py_XSETREF(reference_type, (PyTypeObject *)type);
    parts_offset = parts;
    grammar_offset = grammar;
    Py_RETURN_NONE;
}

PyDoc_STRVAR(is_valid_doc, "is_valid(text, grammar_id, rule_flags) -> bool");

static PyObject *
core_is_valid(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    int g, flags;
    if (parse_common(args, nargs, 3, "is_valid", &g, &flags) < 0)
        return NULL;
    Py_ssize_t sp[16];
    return PyBool_FromLong(scan_str(args[0], g, flags, sp));
}

static PyObject *
buf_to_str(const Buf *b)
{
    return PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, b->p, b->n);
}

PyDoc_STRVAR(resolve_doc,
             "resolve(base, ref, grammar_id, strict, keep) -> str | None\n\n"
             "RFC 3986 §5.2: the target of ref against base, or None when either is "
             "invalid or the base has no scheme (the Python path explains).");

static PyObject *
core_resolve(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args(args, nargs, 5, "resolve") < 0)
        return NULL;
    PyObject *base = args[0], *ref = args[1];
    int g = grammar_id(args[2]);
    int strict = PyObject_IsTrue(args[3]), keep = PyObject_IsTrue(args[4]);
    if (g < 0 || strict < 0 || keep < 0)
        return NULL;
    if (!PyUnicode_Check(base) || !PyUnicode_Check(ref))
        Py_RETURN_NONE;
    Py_UCS4 bstack[256], rstack[256];
    Py_ssize_t bn, rn;
    Py_UCS4 *b = as_ucs4(base, bstack, 256, &bn);
    if (b == NULL)
        return NULL;
    Py_UCS4 *r = as_ucs4(ref, rstack, 256, &rn);
    if (r == NULL) {
        if (b != bstack)
            PyMem_Free(b);
        return NULL;
    }
    PyObject *result = NULL;
    Ref bref, rref;
    if (!scan_ref(&bref, b, bn, g, 0) || !HAS(&bref, SCHEME) || !scan_ref(&rref, r, rn, g, 0)) {
        result = Py_None;
        Py_INCREF(result);
    }
    else {
        Buf out;
        buf_init(&out);
        if (transform(&bref, &rref, strict, keep, &out) == 0)
            result = buf_to_str(&out);
        buf_free(&out);
    }
    if (b != bstack)
        PyMem_Free(b);
    if (r != rstack)
        PyMem_Free(r);
    return result;
}

PyDoc_STRVAR(normalize_doc,
             "normalize(text, grammar_id, level) -> str | None\n\n"
             "RFC 3986 §6.2.2 (level 1) or §6.2.2-6.2.3 (level 2); None when the text is "
             "invalid or the Python path must do it.");

static PyObject *
core_normalize(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args(args, nargs, 3, "normalize") < 0)
        return NULL;
    PyObject *text = args[0];
    int g = grammar_id(args[1]), level = small_int(args[2], 2);
    if (g < 0 || level < 0)
        return NULL;
    if (!PyUnicode_Check(text))
        Py_RETURN_NONE;
    if (level == 0) {
        Py_ssize_t sp[16];
        if (!scan_str(text, g, 0, sp))
            Py_RETURN_NONE;
        Py_INCREF(text);
        return text;
    }
    Py_UCS4 stack[256];
    Py_ssize_t n;
    Py_UCS4 *s = as_ucs4(text, stack, 256, &n);
    if (s == NULL)
        return NULL;
    PyObject *result = NULL;
    Ref ref;
    if (!scan_ref(&ref, s, n, g, 0)) {
        result = Py_None;
        Py_INCREF(result);
    }
    else {
        Buf out;
        buf_init(&out);
        int status = normalize_ref(&ref, g, level, &out);
        if (status == 1 && out.n == n && memcmp(out.p, s, (size_t)n * sizeof(Py_UCS4)) == 0) {
            result = text; /* already in normal form: the same str */
            Py_INCREF(result);
        }
        else if (status == 1)
            result = buf_to_str(&out);
        else if (status == 2) {
            result = Py_None;
            Py_INCREF(result);
        }
        buf_free(&out);
    }
    if (s != stack)
        PyMem_Free(s);
    return result;
}

PyDoc_STRVAR(iri_to_uri_doc,
             "iri_to_uri(text) -> str | None\n\nRFC 3987 §3.1: an IRI reference's URI, each "
             "character outside US-ASCII as the percent-encoded octets of its UTF-8 form "
             "(upper-case hex); None when the text is no IRI reference.");

static PyObject *
core_iri_to_uri(PyObject *self, PyObject *text)
{
    Py_ssize_t sp[16];
    if (!PyUnicode_Check(text) || !scan_str(text, 1, 0, sp))
        Py_RETURN_NONE;
    if (PyUnicode_IS_ASCII(text)) {
        Py_INCREF(text);
        return text;
    }
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text), size = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        size += c < 0x80 ? 1 : c < 0x800 ? 6 : c < 0x10000 ? 9 : 12;
    }
    PyObject *result = PyUnicode_New(size, 127);
    if (result == NULL)
        return NULL;
    Py_UCS1 *o = PyUnicode_1BYTE_DATA(result);
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        unsigned char octets[4];
        int count;
        if (c < 0x80) {
            *o++ = (Py_UCS1)c;
            continue;
        }
        if (c < 0x800) {
            octets[0] = (unsigned char)(0xC0 | (c >> 6));
            count = 2;
        }
        else if (c < 0x10000) {
            octets[0] = (unsigned char)(0xE0 | (c >> 12));
            octets[1] = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
            count = 3;
        }
        else {
            octets[0] = (unsigned char)(0xF0 | (c >> 18));
            octets[1] = (unsigned char)(0x80 | ((c >> 12) & 0x3F));
            octets[2] = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
            count = 4;
        }
        octets[count - 1] = (unsigned char)(0x80 | (c & 0x3F));
        for (int k = 0; k < count; k++) {
            *o++ = '%';
            *o++ = (Py_UCS1)HEX_UPPER[octets[k] >> 4];
            *o++ = (Py_UCS1)HEX_UPPER[octets[k] & 15];
        }
    }
    return result;
}

PyDoc_STRVAR(lint_plain_doc,
             "lint_plain(text, dangerous) -> bool\n\nurikit.lint's hot path "
             "(urikit._lint.lint._plain): whether text is an RFC 3986 reference none of whose "
             "component checks can fire: ASCII, no '%', a scheme not in dangerous (lower-case "
             "names), an authority without userinfo or port (empty: for file: alone), a host "
             "that cannot be an address nor an A-label, a path unless no query or fragment "
             "follows, no ';' in its query.");

static PyObject *
core_lint_plain(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args(args, nargs, 2, "lint_plain") < 0)
        return NULL;
    PyObject *text = args[0];
    Py_ssize_t sp[16];
    if (!PyUnicode_Check(text) || !PyUnicode_IS_ASCII(text) || !scan_str(text, 0, 0, sp))
        Py_RETURN_FALSE;
    const char *s = (const char *)PyUnicode_1BYTE_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    if (memchr(s, '%', (size_t)n) != NULL)
        Py_RETURN_FALSE;
    Py_ssize_t host = sp[2 * HOST], host_end = sp[2 * HOST + 1];
    int empty_path = sp[2 * PATH + 1] == sp[2 * PATH];
    if (sp[2 * SCHEME] < 0 || sp[2 * AUTHORITY] < 0 || sp[2 * USERINFO] >= 0 ||
        (sp[2 * PORT] >= 0 && sp[2 * PORT + 1] > sp[2 * PORT]) ||
        (empty_path && (sp[2 * QUERY] >= 0 || sp[2 * FRAGMENT] >= 0)))
        Py_RETURN_FALSE;
    if (host_end == host) { /* an empty authority: usual for file: alone (file:///p) */
        if (sp[2 * SCHEME + 1] != 4 || (s[0] | 0x20) != 'f' || (s[1] | 0x20) != 'i' ||
            (s[2] | 0x20) != 'l' || (s[3] | 0x20) != 'e')
            Py_RETURN_FALSE;
    }
    else if (strchr("0123456789.]", s[host_end - 1]) != NULL)
        Py_RETURN_FALSE;
    for (Py_ssize_t i = host; i + 1 < host_end; i++) {
        if (s[i] == '0' && (s[i + 1] | 0x20) == 'x')
            Py_RETURN_FALSE;
        if (i + 3 < host_end && (s[i] | 0x20) == 'x' && (s[i + 1] | 0x20) == 'n' &&
            s[i + 2] == '-' && s[i + 3] == '-')
            Py_RETURN_FALSE;
    }
    if (sp[2 * QUERY] >= 0 &&
        memchr(s + sp[2 * QUERY], ';', (size_t)(sp[2 * QUERY + 1] - sp[2 * QUERY])) != NULL)
        Py_RETURN_FALSE;
    char scheme[32];
    Py_ssize_t length = sp[2 * SCHEME + 1];
    if (length < (Py_ssize_t)sizeof scheme) { /* a longer scheme is no dangerous one */
        for (Py_ssize_t i = 0; i < length; i++)
            scheme[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] | 0x20 : s[i]);
        PyObject *name = PyUnicode_FromStringAndSize(scheme, length);
        if (name == NULL)
            return NULL;
        int found = PySequence_Contains(args[1], name);
        Py_DECREF(name);
        if (found < 0)
            return NULL;
        if (found)
            Py_RETURN_FALSE;
    }
    Py_RETURN_TRUE;
}

/* -- Arrow string columns, read in place -------------------------------------------- */

typedef struct {
    Py_buffer validity, offsets, data;
    int has_validity, large;
    Py_ssize_t offset, length;
} Column;

static void
column_close(Column *c)
{
    if (c->has_validity)
        PyBuffer_Release(&c->validity);
    PyBuffer_Release(&c->offsets);
    PyBuffer_Release(&c->data);
}

/* args: validity (a buffer or None), offsets, data, offset, length, large */
static int
column_open(Column *c, PyObject *const *args)
{
    c->has_validity = 0;
    c->offset = PyLong_AsSsize_t(args[3]);
    c->length = PyLong_AsSsize_t(args[4]);
    c->large = PyObject_IsTrue(args[5]);
    if ((c->offset == -1 || c->length == -1 || c->large == -1) && PyErr_Occurred())
        return -1;
    if (c->offset < 0 || c->length < 0) {
        PyErr_SetString(PyExc_ValueError, "offset and length must be >= 0");
        return -1;
    }
    if (args[0] != Py_None) {
        if (PyObject_GetBuffer(args[0], &c->validity, PyBUF_SIMPLE) < 0)
            return -1;
        c->has_validity = 1;
    }
    if (PyObject_GetBuffer(args[1], &c->offsets, PyBUF_SIMPLE) < 0) {
        if (c->has_validity)
            PyBuffer_Release(&c->validity);
        return -1;
    }
    if (PyObject_GetBuffer(args[2], &c->data, PyBUF_SIMPLE) < 0) {
        if (c->has_validity)
            PyBuffer_Release(&c->validity);
        PyBuffer_Release(&c->offsets);
        return -1;
    }
    /* rows offset .. offset + length - 1 need offsets up to offset + length, and as many
       bits: compared as counts of what the buffers hold, so that no sum or product of
       a huge offset or length overflows (both are >= 0, the lengths of buffers too) */
    Py_ssize_t slots = c->offsets.len / (c->large ? 8 : 4); /* offsets the buffer holds */
    if (c->length &&
        (c->offset >= slots || c->length >= slots - c->offset ||
         (c->has_validity && (c->offset + c->length - 1) / 8 >= c->validity.len))) {
        column_close(c);
        PyErr_SetString(PyExc_ValueError, "the buffers are shorter than the column");
        return -1;
    }
    return 0;
}

/* Row r of the column: 1 and its UTF-8 bytes, 0 for a null, -1 for bad offsets. */
static int
column_row(const Column *c, Py_ssize_t r, const unsigned char **p, Py_ssize_t *n)
{
    Py_ssize_t at = c->offset + r;
    if (c->has_validity && !((((const unsigned char *)c->validity.buf)[at >> 3] >> (at & 7)) & 1))
        return 0;
    int64_t start, end;
    if (c->large) {
        const int64_t *o = c->offsets.buf;
        start = o[at];
        end = o[at + 1];
    }
    else {
        const int32_t *o = c->offsets.buf;
        start = o[at];
        end = o[at + 1];
    }
    if (start < 0 || end < start || end > c->data.len) {
        PyErr_SetString(PyExc_ValueError, "an offset is outside the data buffer");
        return -1;
    }
    *p = (const unsigned char *)c->data.buf + start;
    *n = (Py_ssize_t)(end - start);
    return 1;
}

static int
is_ascii(const unsigned char *p, Py_ssize_t n)
{
    for (Py_ssize_t i = 0; i < n; i++)
        if (p[i] >= 0x80)
            return 0;
    return 1;
}

/* UTF-8 to code points (into buf, which holds n entries); the count, or -1 when the
   bytes are not well-formed UTF-8. */
static Py_ssize_t
decode_utf8(const unsigned char *p, Py_ssize_t n, Py_UCS4 *out)
{
    Py_ssize_t i = 0, k = 0;
    while (i < n) {
        unsigned char c = p[i];
        Py_UCS4 cp;
        int more;
        if (c < 0x80) {
            out[k++] = c;
            i++;
            continue;
        }
        else if (c >= 0xC2 && c <= 0xDF) {
            cp = c & 0x1F;
            more = 1;
        }
        else if (c >= 0xE0 && c <= 0xEF) {
            cp = c & 0x0F;
            more = 2;
        }
        else if (c >= 0xF0 && c <= 0xF4) {
            cp = c & 0x07;
            more = 3;
        }
        else
            return -1;
        if (i + more >= n)
            return -1;
        for (int j = 1; j <= more; j++) {
            unsigned char d = p[i + j];
            if ((d & 0xC0) != 0x80)
                return -1;
            cp = (cp << 6) | (d & 0x3F);
        }
        if ((more == 2 && cp < 0x800) || (more == 3 && (cp < 0x10000 || cp > 0x10FFFF)) ||
            (cp >= 0xD800 && cp <= 0xDFFF))
            return -1;
        out[k++] = cp;
        i += more + 1;
    }
    return k;
}

/* A row as code points, in `work` (grown as needed): the count, -1 for bad UTF-8, -2
   for an exception. */
static Py_ssize_t
row_ucs4(const unsigned char *p, Py_ssize_t n, Buf *work)
{
    work->n = 0;
    if (buf_reserve(work, n) < 0)
        return -2;
    Py_ssize_t k = decode_utf8(p, n, work->p);
    work->n = k < 0 ? 0 : k;
    return k;
}

static unsigned char *
new_bitmap(Py_ssize_t length)
{
    unsigned char *bits = PyMem_Calloc((size_t)(length + 7) / 8 + 1, 1);
    if (bits == NULL)
        PyErr_NoMemory();
    return bits;
}

#define SET_BIT(bits, r) ((bits)[(r) >> 3] |= (unsigned char)(1u << ((r) & 7)))

static PyObject *
bitmap_bytes(unsigned char *bits, Py_ssize_t length)
{
    PyObject *result = PyBytes_FromStringAndSize((const char *)bits, (length + 7) / 8);
    PyMem_Free(bits);
    return result;
}

static int
put_offset(Bytes *o, int64_t value, int large)
{
    if (large)
        return bytes_put(o, &value, 8);
    if (value > INT32_MAX) {
        PyErr_SetString(PyExc_OverflowError, "the result is too large for a string array; "
                                             "use a large_string array");
        return -1;
    }
    int32_t small = (int32_t)value;
    return bytes_put(o, &small, 4);
}

/* Scan a row: 1 valid (spans in sp, over the row's bytes when *ucs is 0, else over
   work's code points), 0 invalid, -1 an exception. */
static int
scan_row(const unsigned char *p, Py_ssize_t n, int g, int flags, Py_ssize_t *sp, Buf *work,
         int *ucs)
{
    /* RFC 3986 admits no octet above 0x7F: the bytes themselves, read as Latin-1, fit
       exactly when the UTF-8 text does */
    if (WIDE[g][K_PATH].count == 0 || is_ascii(p, n)) {
        *ucs = 0;
        return scan_ucs1(p, n, g, flags, sp);
    }
    *ucs = 1;
    Py_ssize_t k = row_ucs4(p, n, work);
    if (k == -2)
        return -1;
    if (k < 0)
        return 0;
    return scan_ucs4(work->p, k, g, flags, sp);
}

PyDoc_STRVAR(column_valid_doc,
             "column_valid(validity, offsets, data, offset, length, large, grammar_id, "
             "rule_flags) -> bytes\n\nA bitmap (Arrow's bit order): bit i is set when row i "
             "is not null and fits the rule.");

static PyObject *
core_column_valid(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args(args, nargs, 8, "column_valid") < 0)
        return NULL;
    int g = grammar_id(args[6]), flags = small_int(args[7], 15);
    if (g < 0 || flags < 0)
        return NULL;
    Column c;
    if (column_open(&c, args) < 0)
        return NULL;
    unsigned char *bits = new_bitmap(c.length);
    Buf work;
    buf_init(&work);
    PyObject *result = NULL;
    if (bits == NULL)
        goto done;
    for (Py_ssize_t r = 0; r < c.length; r++) {
        const unsigned char *p;
        Py_ssize_t n, sp[16];
        int got = column_row(&c, r, &p, &n), ucs;
        if (got < 0)
            goto done;
        if (got == 0)
            continue;
        int ok = scan_row(p, n, g, flags, sp, &work, &ucs);
        if (ok < 0)
            goto done;
        if (ok)
            SET_BIT(bits, r);
    }
    result = bitmap_bytes(bits, c.length);
    bits = NULL;
done:
    PyMem_Free(bits);
    buf_free(&work);
    column_close(&c);
    return result;
}

PyDoc_STRVAR(column_split_doc,
             "column_split(validity, offsets, data, offset, length, large, grammar_id, "
             "rule_flags) -> (bytes, [(validity, offsets, data)] * 8)\n\nThe valid bitmap, "
             "then each component as the buffers of an Arrow string array (null where "
             "absent, and in every component of a null or invalid row).");

static PyObject *
core_column_split(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args(args, nargs, 8, "column_split") < 0)
        return NULL;
    int g = grammar_id(args[6]), flags = small_int(args[7], 15);
    if (g < 0 || flags < 0)
        return NULL;
    Column c;
    if (column_open(&c, args) < 0)
        return NULL;
    unsigned char *valid = new_bitmap(c.length), *present[8] = {NULL};
    Bytes offsets[8], data[8];
    memset(offsets, 0, sizeof offsets);
    memset(data, 0, sizeof data);
    Buf work;
    buf_init(&work);
    PyObject *result = NULL, *parts = NULL;
    if (valid == NULL)
        goto done;
    for (int k = 0; k < 8; k++)
        if ((present[k] = new_bitmap(c.length)) == NULL || put_offset(&offsets[k], 0, c.large) < 0)
            goto done;
    for (Py_ssize_t r = 0; r < c.length; r++) {
        const unsigned char *p;
        Py_ssize_t n, sp[16];
        int got = column_row(&c, r, &p, &n), ucs = 0, ok = 0;
        if (got < 0)
            goto done;
        if (got) {
            ok = scan_row(p, n, g, flags, sp, &work, &ucs);
            if (ok < 0)
                goto done;
        }
        if (ok)
            SET_BIT(valid, r);
        for (int k = 0; k < 8; k++) {
            if (ok && sp[2 * k] >= 0) {
                SET_BIT(present[k], r);
                int failed = ucs ? bytes_utf8(&data[k], work.p + sp[2 * k], sp[2 * k + 1] - sp[2 * k])
                                 : bytes_put(&data[k], p + sp[2 * k], sp[2 * k + 1] - sp[2 * k]);
                if (failed < 0)
                    goto done;
            }
            if (put_offset(&offsets[k], data[k].n, c.large) < 0)
                goto done;
        }
    }
    parts = PyList_New(8);
    if (parts == NULL)
        goto done;
    for (int k = 0; k < 8; k++) {
        PyObject *v = bitmap_bytes(present[k], c.length);
        present[k] = NULL;
        PyObject *o = bytes_finish(&offsets[k]), *d = bytes_finish(&data[k]);
        PyObject *triple = (v && o && d) ? PyTuple_Pack(3, v, o, d) : NULL;
        Py_XDECREF(v);
        Py_XDECREF(o);
        Py_XDECREF(d);
        if (triple == NULL)
            goto done;
        PyList_SET_ITEM(parts, k, triple);
    }
    PyObject *bits = bitmap_bytes(valid, c.length);
    valid = NULL;
    if (bits != NULL) {
        result = PyTuple_Pack(2, bits, parts);
        Py_DECREF(bits);
    }
done:
    Py_XDECREF(parts);
    PyMem_Free(valid);
    for (int k = 0; k < 8; k++) {
        PyMem_Free(present[k]);
        PyMem_Free(offsets[k].p);
        PyMem_Free(data[k].p);
    }
    buf_free(&work);
    column_close(&c);
    return result;
}

static PyObject *
column_result(unsigned char *present, Py_ssize_t length, Bytes *offsets, Bytes *data)
{
    PyObject *v = bitmap_bytes(present, length);
    PyObject *o = bytes_finish(offsets), *d = bytes_finish(data);
    PyObject *result = (v && o && d) ? PyTuple_Pack(3, v, o, d) : NULL;
    Py_XDECREF(v);
    Py_XDECREF(o);
    Py_XDECREF(d);
    return result;
}

/* One operation on a valid row (ref, from the UTF-8 bytes p[0:n]): its result appended
   to data as UTF-8, out a scratch buffer; -1 with an exception. */
typedef int (*RowOperation)(const Ref *ref, const unsigned char *p, Py_ssize_t n,
                            const void *context, Buf *out, Bytes *data);

/* operation over every row of the column under grammar g: the buffers of a string
   column, null where the row is null or invalid. */
static PyObject *
map_column(const Column *c, int g, RowOperation operation, const void *context)
{
    unsigned char *present = new_bitmap(c->length);
    Bytes offsets = {0}, data = {0};
    Buf work, out;
    buf_init(&work);
    buf_init(&out);
    PyObject *result = NULL;
    if (present == NULL || put_offset(&offsets, 0, c->large) < 0)
        goto done;
    for (Py_ssize_t r = 0; r < c->length; r++) {
        const unsigned char *p;
        Py_ssize_t n;
        int got = column_row(c, r, &p, &n);
        if (got < 0)
            goto done;
        if (got) {
            Py_ssize_t k = row_ucs4(p, n, &work);
            if (k == -2)
                goto done;
            Ref ref;
            if (k >= 0 && scan_ref(&ref, work.p, k, g, 0)) {
                out.n = 0;
                if (operation(&ref, p, n, context, &out, &data) < 0)
                    goto done;
                SET_BIT(present, r);
            }
        }
        if (put_offset(&offsets, data.n, c->large) < 0)
            goto done;
    }
    result = column_result(present, c->length, &offsets, &data);
    present = NULL;
done:
    PyMem_Free(present);
    PyMem_Free(offsets.p);
    PyMem_Free(data.p);
    buf_free(&work);
    buf_free(&out);
    return result;
}

static const char *LEVEL_NAMES[] = {"string", "syntax", "scheme"};
static const char *GRAMMAR_NAMES[] = {"rfc3986", "rfc3987"};

typedef struct {
    int g, level;
} Normalization;

/* normalize_ref on a row; a row it leaves to Python goes to normalize_fallback. */
static int
normalize_row(const Ref *ref, const unsigned char *p, Py_ssize_t n, const void *context,
              Buf *out, Bytes *data)
{
    const Normalization *how = context;
    int status = how->level == 0 ? (buf_put(out, ref->s, ref->n) < 0 ? -1 : 1)
                                 : normalize_ref(ref, how->g, how->level, out);
    if (status < 0)
        return -1;
    if (status == 1)
        return bytes_utf8(data, out->p, out->n);
    if (normalize_fallback == NULL) { /* status 2: the Python path, for this row */
        PyErr_SetString(PyExc_RuntimeError, "no normalize fallback");
        return -1;
    }
    PyObject *text = PyUnicode_DecodeUTF8((const char *)p, n, "strict");
    PyObject *normal = text ? PyObject_CallFunction(normalize_fallback, "Oss", text,
                                                    LEVEL_NAMES[how->level],
                                                    GRAMMAR_NAMES[how->g])
                            : NULL;
    Py_XDECREF(text);
    if (normal == NULL)
        return -1;
    Py_ssize_t size;
    const char *utf8 = PyUnicode_AsUTF8AndSize(normal, &size);
    int failed = utf8 == NULL || bytes_put(data, utf8, size) < 0;
    Py_DECREF(normal);
    return failed ? -1 : 0;
}

PyDoc_STRVAR(column_normalize_doc,
             "column_normalize(validity, offsets, data, offset, length, large, grammar_id, "
             "level) -> (validity, offsets, data)\n\nThe normal form of each row (null where "
             "the row is null or invalid).");

static PyObject *
core_column_normalize(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args(args, nargs, 8, "column_normalize") < 0)
        return NULL;
    Normalization how = {grammar_id(args[6]), small_int(args[7], 2)};
    Column c;
    if (how.g < 0 || how.level < 0 || column_open(&c, args) < 0)
        return NULL;
    PyObject *result = map_column(&c, how.g, normalize_row, &how);
    column_close(&c);
    return result;
}

/* RFC 3986 §5.2 of a row against the base (context). */
static int
resolve_row(const Ref *ref, const unsigned char *p, Py_ssize_t n, const void *context, Buf *out,
            Bytes *data)
{
    if (transform(context, ref, 1, 0, out) < 0)
        return -1;
    return bytes_utf8(data, out->p, out->n);
}

PyDoc_STRVAR(column_resolve_doc,
             "column_resolve(base, validity, offsets, data, offset, length, large, "
             "grammar_id) -> (validity, offsets, data)\n\nRFC 3986 §5.2: the target of each "
             "row against base (null where the row is null or invalid); ValueError for a "
             "base that is invalid or has no scheme.");

static PyObject *
core_column_resolve(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args(args, nargs, 8, "column_resolve") < 0)
        return NULL;
    PyObject *base = args[0];
    int g = grammar_id(args[7]);
    if (g < 0)
        return NULL;
    if (!PyUnicode_Check(base)) {
        PyErr_SetString(PyExc_TypeError, "the base is a str");
        return NULL;
    }
    Py_UCS4 bstack[256];
    Py_ssize_t bn;
    Py_UCS4 *b = as_ucs4(base, bstack, 256, &bn);
    if (b == NULL)
        return NULL;
    Ref bref;
    Column c;
    PyObject *result = NULL;
    if (!scan_ref(&bref, b, bn, g, 0) || !HAS(&bref, SCHEME))
        PyErr_SetString(PyExc_ValueError, "the base is not a URI with a scheme");
    else if (column_open(&c, args + 1) == 0) {
        result = map_column(&c, g, resolve_row, &bref);
        column_close(&c);
    }
    if (b != bstack)
        PyMem_Free(b);
    return result;
}

/* -- a list of rows: the batch API's list input --------------------------------------------

   urikit.batch over a list (or tuple) of str and None: one C loop over the rows calling
   the row functions above, so that a list is never slower than the per-URL loop it
   replaces.  A row the core does not decide (not an exact str, or a None answer: an
   invalid row, or one the Python path must do) is left to Python: its index is listed,
   its result is None until Python fills it in. */

typedef PyObject *(*FastFunction)(PyObject *, PyObject *const *, Py_ssize_t);
static const FastFunction LIST_OPERATIONS[] = {core_is_valid, NULL /* split: a dict, below */,
                                                core_normalize, core_resolve};

/* The dict of text's eight components, whose spans are sp (after the text's own), under
   the names in keys (a tuple of 8 str); None for an absent one. */
static PyObject *
split_dict(PyObject *text, const Py_ssize_t *sp, PyObject *keys)
{
    PyObject *dict = PyDict_New();
    if (dict == NULL)
        return NULL;
    for (Py_ssize_t k = 0; k < 8; k++) {
        PyObject *value = sp[2 * k] < 0 ? Py_NewRef(Py_None)
                                        : PyUnicode_Substring(text, sp[2 * k], sp[2 * k + 1]);
        int status = value == NULL ? -1 : PyDict_SetItem(dict, PyTuple_GET_ITEM(keys, k), value);
        Py_XDECREF(value);
        if (status < 0) {
            Py_DECREF(dict);
            return NULL;
        }
    }
    return dict;
}

PyDoc_STRVAR(list_map_doc,
             "list_map(operation, rows, args, keys) -> (results, left)\n\n"
             "operation 0 is_valid(row, *args), 1 split(row, *args) as a dict under keys, "
             "2 normalize(row, *args), 3 resolve(args[0], row, *args[1:]) over a list or "
             "tuple of rows: None for a None row and for an invalid one (the row's rule: "
             "split's flags, else URI-reference); the indices of the rows left to Python "
             "(not an exact str, or a valid row the core does not do), whose results are "
             "None.");

static PyObject *
core_list_map(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args(args, nargs, 4, "list_map") < 0)
        return NULL;
    int op = small_int(args[0], 3);
    if (op < 0)
        return NULL;
    PyObject *rows = args[1], *extra = args[2], *keys = args[3];
    if (!(PyList_Check(rows) || PyTuple_Check(rows)) || !PyTuple_Check(extra) ||
        PyTuple_GET_SIZE(extra) > 6 || !PyTuple_Check(keys) || PyTuple_GET_SIZE(keys) != 8) {
        PyErr_SetString(PyExc_TypeError, "list_map(int, list | tuple, tuple, tuple of 8)");
        return NULL;
    }
    PyObject *call[7];
    Py_ssize_t ncall = PyTuple_GET_SIZE(extra) + 1, at = op == 3 ? 1 : 0;
    if (ncall < (op == 2 ? 2 : 3)) {
        PyErr_SetString(PyExc_TypeError, "list_map: too few arguments for the operation");
        return NULL;
    }
    for (Py_ssize_t k = 0, j = 0; k < ncall; k++)
        call[k] = k == at ? NULL : PyTuple_GET_ITEM(extra, j++);
    /* the grammar and the rule that say whether a row the core gave no answer is invalid */
    int g = grammar_id(call[at + 1]), flags = 0;
    if (g < 0)
        return NULL;
    if (op <= 1 && (flags = (int)PyLong_AsLong(call[2])) == -1 && PyErr_Occurred())
        return NULL;
    rows = PySequence_Tuple(rows); /* the rows as they are now, whatever runs */
    if (rows == NULL)
        return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(rows);
    PyObject *results = PyList_New(n), *left = PyList_New(0);
    if (results == NULL || left == NULL)
        goto fail;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *row = PyTuple_GET_ITEM(rows, i), *result = NULL;
        if (row == Py_None) {
            result = Py_None;
            Py_INCREF(result);
        }
        else if (op == 1 && PyUnicode_CheckExact(row)) {
            Py_ssize_t sp[16];
            if (!scan_str(row, g, flags, sp))
                row = Py_None; /* invalid: None, not left to Python */
            else if ((result = split_dict(row, sp, keys)) == NULL)
                goto fail;
        }
        else if (PyUnicode_CheckExact(row)) {
            call[at] = row;
            result = LIST_OPERATIONS[op](self, call, ncall);
            if (result == NULL)
                goto fail;
        }
        if (result == Py_None && row != Py_None) {
            Py_ssize_t sp[16];
            if (!scan_str(row, g, flags, sp))
                row = Py_None; /* invalid: None, not left to Python */
        }
        if (result == NULL || result == Py_None) {
            if (row != Py_None) {
                PyObject *index = PyLong_FromSsize_t(i);
                int status = index == NULL ? -1 : PyList_Append(left, index);
                Py_XDECREF(index);
                if (status < 0) {
                    Py_XDECREF(result);
                    goto fail;
                }
            }
            if (result == NULL) {
                result = Py_None;
                Py_INCREF(result);
            }
        }
        PyList_SET_ITEM(results, i, result);
    }
    Py_DECREF(rows);
    return Py_BuildValue("(NN)", results, left);
fail:
    Py_DECREF(rows);
    Py_XDECREF(results);
    Py_XDECREF(left);
    return NULL;
}

/* -- is_valid and parse as vectorcall objects -------------------------------------------

   urikit.is_valid and urikit.parse are the hottest calls of all (a validator calls
   nothing else), and a Python function's own call costs as much as the scan: this object
   takes their common case (a str; a grammar the core serves, by name or value, or none;
   a reference rule by name) itself and hands every other call, unchanged, to the Python
   function it wraps (functools.update_wrapper gives it that function's name, docstring
   and signature).  For parse, an invalid text goes to Python too, which says why. */

typedef struct {
    PyObject_HEAD
    PyObject *fallback; /* the Python function */
    PyObject *grammars; /* None, a name or a Grammar -> (core id, Grammar, {rule: flags}) */
    int parse;          /* 1: parse (a URIReference), 0: is_valid (a bool) */
    PyObject *dict;
    vectorcallfunc vectorcall;
} FastIsValid;

static PyObject *str_rule, *str_grammar;

static PyObject *
fast_is_valid_call(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    FastIsValid *self = (FastIsValid *)op;
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    if (nargs == 1 && PyUnicode_CheckExact(args[0])) {
        PyObject *rule = NULL, *grammar = Py_None;
        int ok = 1;
        Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
        for (Py_ssize_t k = 0; k < nkw && ok; k++) {
            PyObject *name = PyTuple_GET_ITEM(kwnames, k);
            if (name == str_rule || PyUnicode_Compare(name, str_rule) == 0)
                rule = args[1 + k];
            else if (name == str_grammar || PyUnicode_Compare(name, str_grammar) == 0)
                grammar = args[1 + k];
            else
                ok = 0;
        }
        if (PyErr_Occurred())
            return NULL;
        PyObject *entry = NULL, *flags = NULL;
        if (ok && (PyUnicode_CheckExact(grammar) || grammar == Py_None ||
                   Py_TYPE(grammar)->tp_hash == PyBaseObject_Type.tp_hash)) {
            entry = PyDict_GetItemWithError(self->grammars, grammar);
            if (entry == NULL && PyErr_Occurred())
                return NULL;
        }
        if (entry != NULL) {
            if (rule == NULL)
                flags = PyLong_FromLong(0) /* URI-reference */;
            else if (PyUnicode_CheckExact(rule)) {
                flags = PyDict_GetItemWithError(PyTuple_GET_ITEM(entry, 2), rule);
                if (flags == NULL && PyErr_Occurred())
                    return NULL;
                Py_XINCREF(flags);
            }
        }
        if (flags != NULL) {
            int g = (int)PyLong_AsLong(PyTuple_GET_ITEM(entry, 0));
            int f = (int)PyLong_AsLong(flags);
            Py_DECREF(flags);
            Py_ssize_t sp[16];
            int valid = scan_str(args[0], g, f, sp);
            if (!self->parse)
                return PyBool_FromLong(valid);
            if (valid) /* parse; an invalid text goes to Python, which says why */
                return make_reference(args[0], sp, PyTuple_GET_ITEM(entry, 1));
        }
    }
    return PyObject_Vectorcall(self->fallback, args, nargsf, kwnames);
}

static int
fast_is_valid_traverse(PyObject *op, visitproc visit, void *arg)
{
    FastIsValid *self = (FastIsValid *)op;
    Py_VISIT(self->fallback);
    Py_VISIT(self->grammars);
    Py_VISIT(self->dict);
    return 0;
}

static int
fast_is_valid_clear(PyObject *op)
{
    FastIsValid *self = (FastIsValid *)op;
    Py_CLEAR(self->fallback);
    Py_CLEAR(self->grammars);
    Py_CLEAR(self->dict);
    return 0;
}

static void
fast_is_valid_dealloc(PyObject *op)
{
    PyObject_GC_UnTrack(op);
    fast_is_valid_clear(op);
    Py_TYPE(op)->tp_free(op);
}

static PyObject *
fast_is_valid_repr(PyObject *op)
{
    return PyUnicode_FromFormat("<compiled %R>", ((FastIsValid *)op)->fallback);
}

static PyGetSetDef fast_is_valid_getset[] = {
    {"__dict__", PyObject_GenericGetDict, PyObject_GenericSetDict, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject FastIsValidType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "urikit._core.FastIsValid",
    .tp_basicsize = sizeof(FastIsValid),
    .tp_dealloc = fast_is_valid_dealloc,
    .tp_vectorcall_offset = offsetof(FastIsValid, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_getattro = PyObject_GenericGetAttr,
    .tp_setattro = PyObject_GenericSetAttr,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_traverse = fast_is_valid_traverse,
    .tp_clear = fast_is_valid_clear,
    .tp_dictoffset = offsetof(FastIsValid, dict),
    .tp_getset = fast_is_valid_getset,
    .tp_repr = fast_is_valid_repr,
};

PyDoc_STRVAR(fast_is_valid_doc,
             "fast_is_valid(function, grammars, parse) -> callable\n\nfunction(text, "
             "rule=..., grammar=...) in C for a str, a grammar the table grammars holds "
             "(None, a name or a Grammar -> (core id, Grammar, {rule name: flags})) and a "
             "reference rule: is_valid's bool, or (parse) a URIReference when the text "
             "fits; anything else by the Python function.");

static PyObject *
core_fast_is_valid(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args(args, nargs, 3, "fast_is_valid") < 0)
        return NULL;
    int parse = PyObject_IsTrue(args[2]);
    if (parse < 0)
        return NULL;
    if (!PyCallable_Check(args[0]) || !PyDict_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "fast_is_valid(callable, dict, bool)");
        return NULL;
    }
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(args[1], &pos, &key, &value)) {
        if (!PyTuple_CheckExact(value) || PyTuple_GET_SIZE(value) != 3 ||
            grammar_id(PyTuple_GET_ITEM(value, 0)) < 0 ||
            !PyDict_Check(PyTuple_GET_ITEM(value, 2))) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_TypeError, "a grammar entry is (core id, Grammar, dict)");
            return NULL;
        }
    }
    if (parse && reference_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "configure_reference() was not called");
        return NULL;
    }
    FastIsValid *self = PyObject_GC_New(FastIsValid, &FastIsValidType);
    if (self == NULL)
        return NULL;
    Py_INCREF(args[0]);
    Py_INCREF(args[1]);
    self->fallback = args[0];
    self->grammars = args[1];
    self->parse = parse;
    self->dict = NULL;
    self->vectorcall = fast_is_valid_call;
    PyObject_GC_Track(self);
    return (PyObject *)self;
}

/* -- configuration and introspection ----------------------------------------------------- */

PyDoc_STRVAR(configure_doc,
             "configure(split_type, registry, normalize_fallback)\n\nThe tuple subclass split() "
             "returns, the scheme registry (a dict, read live) and the callable "
             "column_normalize() calls for a row the core leaves to Python "
             "(text, level, grammar) -> str.");

static PyObject *
core_configure(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args(args, nargs, 3, "configure") < 0)
        return NULL;
    if (args[0] != Py_None) {
        if (!PyType_Check(args[0]) || !PyType_IsSubtype((PyTypeObject *)args[0], &PyTuple_Type)) {
            PyErr_SetString(PyExc_TypeError, "split_type must be a tuple subclass");
            return NULL;
        }
        Py_INCREF(args[0]);
        Py_XSETREF(split_type, (PyTypeObject *)args[0]);
    }
    if (args[1] != Py_None) {
        if (!PyDict_Check(args[1])) {
            PyErr_SetString(PyExc_TypeError, "registry must be a dict");
            return NULL;
        }
        Py_INCREF(args[1]);
        Py_XSETREF(registry, args[1]);
    }
    if (args[2] != Py_None) {
        Py_INCREF(args[2]);
        Py_XSETREF(normalize_fallback, args[2]);
    }
    Py_RETURN_NONE;
}

PyDoc_STRVAR(class_table_doc,
             "class_table(grammar_id, component) -> (bytes, tuple)\n\nThe compiled character "
             "class: one byte per ASCII character (1 when in the class) and the non-ASCII "
             "ranges; component 0-6 are scheme, userinfo, host, path, first_segment, query, "
             "fragment (K_* of tables.h), 7- the shared sets of tables.h.");

static PyObject *
core_class_table(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args(args, nargs, 2, "class_table") < 0)
        return NULL;
    int g = grammar_id(args[0]), comp = small_int(args[1], 13);
    if (g < 0 || comp < 0)
        return NULL;
    char ascii[128];
    for (int c = 0; c < 128; c++)
        ascii[c] = (ASCII_CLASSES[g][c] >> comp) & 1;
    PyObject *ranges = PyTuple_New(comp < 7 ? WIDE[g][comp].count : 0);
    if (ranges == NULL)
        return NULL;
    for (int k = 0; comp < 7 && k < WIDE[g][comp].count; k++) {
        PyObject *pair = Py_BuildValue("(II)", WIDE[g][comp].ranges[k].lo,
                                       WIDE[g][comp].ranges[k].hi);
        if (pair == NULL) {
            Py_DECREF(ranges);
            return NULL;
        }
        PyTuple_SET_ITEM(ranges, k, pair);
    }
    PyObject *result = Py_BuildValue("(y#N)", ascii, (Py_ssize_t)128, ranges);
    return result;
}

static PyMethodDef core_methods[] = {
    {"split", (PyCFunction)(void (*)(void))core_split, METH_FASTCALL, split_doc},
    {"parse", (PyCFunction)(void (*)(void))core_parse, METH_FASTCALL, parse_doc},
    {"configure_reference", (PyCFunction)core_configure_reference, METH_O,
     configure_reference_doc},
    {"fast_is_valid", (PyCFunction)(void (*)(void))core_fast_is_valid, METH_FASTCALL,
     fast_is_valid_doc},
    {"lint_plain", (PyCFunction)(void (*)(void))core_lint_plain, METH_FASTCALL, lint_plain_doc},
    {"iri_to_uri", (PyCFunction)core_iri_to_uri, METH_O, iri_to_uri_doc},
    {"is_valid", (PyCFunction)(void (*)(void))core_is_valid, METH_FASTCALL, is_valid_doc},
    {"resolve", (PyCFunction)(void (*)(void))core_resolve, METH_FASTCALL, resolve_doc},
    {"normalize", (PyCFunction)(void (*)(void))core_normalize, METH_FASTCALL, normalize_doc},
    {"column_valid", (PyCFunction)(void (*)(void))core_column_valid, METH_FASTCALL,
     column_valid_doc},
    {"column_split", (PyCFunction)(void (*)(void))core_column_split, METH_FASTCALL,
     column_split_doc},
    {"column_normalize", (PyCFunction)(void (*)(void))core_column_normalize, METH_FASTCALL,
     column_normalize_doc},
    {"column_resolve", (PyCFunction)(void (*)(void))core_column_resolve, METH_FASTCALL,
     column_resolve_doc},
    {"list_map", (PyCFunction)(void (*)(void))core_list_map, METH_FASTCALL, list_map_doc},
    {"configure", (PyCFunction)(void (*)(void))core_configure, METH_FASTCALL, configure_doc},
    {"class_table", (PyCFunction)(void (*)(void))core_class_table, METH_FASTCALL,
     class_table_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "urikit._core",
    "The compiled core of urikit's hot paths (issue 13); urikit._engine loads it.", -1,
    core_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__core(void)
{
    str_default_port = PyUnicode_InternFromString("default_port");
    str_default_host = PyUnicode_InternFromString("default_host");
    str_empty_path_is_root = PyUnicode_InternFromString("empty_path_is_root");
    str_normalize_path = PyUnicode_InternFromString("normalize_path");
    str_rule = PyUnicode_InternFromString("rule");
    str_grammar = PyUnicode_InternFromString("grammar");
    if (!str_rule || !str_grammar || PyType_Ready(&FastIsValidType) < 0)
        return NULL;
    run_tables();
    if (!str_default_port || !str_default_host || !str_empty_path_is_root || !str_normalize_path)
        return NULL;
    PyObject *m = PyModule_Create(&core_module);
    if (m == NULL)
        return NULL;
    if (PyModule_AddIntConstant(m, "RULE_SCHEME_REQUIRED", RULE_SCHEME_REQUIRED) < 0 ||
        PyModule_AddIntConstant(m, "RULE_SCHEME_FORBIDDEN", RULE_SCHEME_FORBIDDEN) < 0 ||
        PyModule_AddIntConstant(m, "RULE_NO_FRAGMENT", RULE_NO_FRAGMENT) < 0 ||
        PyModule_AddIntConstant(m, "RULE_NOT_EMPTY", RULE_NOT_EMPTY) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
