/* Arrow string columns, read in place: is_valid, split, normalize and resolve over
   every row in one row loop.  Part of core.c's one translation unit. */

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
static inline int
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
static inline int
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

/* The buffers of a string column: the bitmap (freed), the offsets and the data. */
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

/* -- the one row loop ------------------------------------------------------------------ */

/* What a column operation does with row r: p[0:n] its UTF-8 bytes, p NULL for a null row;
   -1 with an exception stops the loop. */
typedef int (*RowVisit)(void *context, Py_ssize_t r, const unsigned char *p, Py_ssize_t n);

static inline __attribute__((always_inline)) int
each_row(const Column *c, RowVisit visit, void *context) /* inlined: each visit a direct call */
{
    for (Py_ssize_t r = 0; r < c->length; r++) {
        const unsigned char *p = NULL;
        Py_ssize_t n = 0;
        int got = column_row(c, r, &p, &n);
        if (got < 0 || visit(context, r, got ? p : NULL, n) < 0)
            return -1;
    }
    return 0;
}

/* -- is_valid ------------------------------------------------------------------------------ */

typedef struct {
    int g, flags;
    unsigned char *bits;
    Buf work;
    Accept accept;
} ValidRows;

static int
valid_row(void *context, Py_ssize_t r, const unsigned char *p, Py_ssize_t n)
{
    ValidRows *v = context;
    if (p == NULL)
        return 0;
    if (__builtin_expect(accept(&v->accept, p, n, NULL, NULL), 1)) { /* accept.c */
        SET_BIT(v->bits, r);
        return 0;
    }
    Py_ssize_t sp[16]; /* else the scan decides */
    int ucs, ok = scan_row(p, n, v->g, v->flags, sp, &v->work, &ucs);
    if (ok > 0)
        SET_BIT(v->bits, r);
    return ok < 0 ? -1 : 0;
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
    ValidRows v = {grammar_id(args[6]), small_int(args[7], RULE_ALL)};
    Column c;
    if (v.g < 0 || v.flags < 0 || column_open(&c, args) < 0)
        return NULL;
    buf_init(&v.work);
    PyObject *result = NULL;
    v.bits = new_bitmap(c.length);
    if (v.bits != NULL && accept_open(&v.accept, c.data.buf, c.data.len, v.g, v.flags, 0) == 0) {
        if (each_row(&c, valid_row, &v) == 0) {
            result = bitmap_bytes(v.bits, c.length);
            v.bits = NULL;
        }
        accept_close(&v.accept);
    }
    PyMem_Free(v.bits);
    buf_free(&v.work);
    column_close(&c);
    return result;
}

/* -- split --------------------------------------------------------------------------------- */

/* The byte offset in p[0:n] (UTF-8) of code point k. */
static Py_ssize_t
utf8_offset(const unsigned char *p, Py_ssize_t n, Py_ssize_t k)
{
    Py_ssize_t at = 0;
    for (; at < n; at++)
        if ((p[at] & 0xC0) != 0x80 && k-- == 0)
            break;
    return at;
}

typedef struct {
    int g, flags, large;
    Bytes valid, present[8], offsets[8], data[8];
    Buf work;
    Accept accept;
} SplitRows;

static int
split_row(void *context, Py_ssize_t r, const unsigned char *p, Py_ssize_t n)
{
    SplitRows *s = context;
    Py_ssize_t sp[16];
    int ucs = 0, ok = 0, dots;
    if (p != NULL && !(ok = accept(&s->accept, p, n, sp, &dots))) /* accept.c, else the scan */
        ok = scan_row(p, n, s->g, s->flags, sp, &s->work, &ucs);
    if (ok < 0)
        return -1;
    if (ok) {
        SET_BIT((unsigned char *)s->valid.p, r);
        if (ucs) /* the spans over code points, as offsets in the row's UTF-8 bytes */
            for (int k = 0; k < 16; k++)
                if (sp[k] >= 0)
                    sp[k] = utf8_offset(p, n, sp[k]);
    }
    for (int k = 0; k < 8; k++) {
        Bytes *data = &s->data[k];
        if (ok && sp[2 * k] >= 0) {
            SET_BIT((unsigned char *)s->present[k].p, r);
            if (bytes_put(data, p + sp[2 * k], sp[2 * k + 1] - sp[2 * k]) < 0)
                return -1;
        }
        if (s->large)
            ((int64_t *)s->offsets[k].p)[r + 1] = data->n;
        else if (data->n > INT32_MAX) {
            PyErr_SetString(PyExc_OverflowError, "the result is too large for a string "
                                                 "array; use a large_string array");
            return -1;
        }
        else
            ((int32_t *)s->offsets[k].p)[r + 1] = (int32_t)data->n;
    }
    return 0;
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
    SplitRows s;
    memset(&s, 0, sizeof s);
    s.g = grammar_id(args[6]);
    s.flags = small_int(args[7], RULE_ALL);
    Column c;
    if (s.g < 0 || s.flags < 0 || column_open(&c, args) < 0)
        return NULL;
    s.large = c.large;
    buf_init(&s.work);
    PyObject *result = NULL, *parts = NULL;
    /* every buffer sized once: the bitmaps and offsets exactly, each component's data
       to the bytes the rows span (a component is a substring of its row) */
    Py_ssize_t bits = (c.length + 7) / 8, width = c.large ? 8 : 4, guess = 0;
    if (c.length) {
        int64_t first = c.large ? ((const int64_t *)c.offsets.buf)[c.offset]
                                : ((const int32_t *)c.offsets.buf)[c.offset];
        int64_t last = c.large ? ((const int64_t *)c.offsets.buf)[c.offset + c.length]
                               : ((const int32_t *)c.offsets.buf)[c.offset + c.length];
        if (first >= 0 && last >= first && last <= c.data.len)
            guess = (Py_ssize_t)(last - first);
    }
    if (bytes_zeros(&s.valid, bits) < 0)
        goto done;
    for (int k = 0; k < 8; k++) {
        if (bytes_zeros(&s.present[k], bits) < 0 ||
            bytes_zeros(&s.offsets[k], (c.length + 1) * width) < 0 || /* the first: 0 */
            bytes_reserve(&s.data[k], guess) < 0)
            goto done;
    }
    if (accept_open(&s.accept, c.data.buf, c.data.len, s.g, s.flags, 1) < 0)
        goto done;
    int failed = each_row(&c, split_row, &s) < 0;
    accept_close(&s.accept);
    if (failed || (parts = PyList_New(8)) == NULL)
        goto done;
    for (int k = 0; k < 8; k++) {
        PyObject *v = bytes_finish(&s.present[k]), *o = bytes_finish(&s.offsets[k]),
                 *d = bytes_finish(&s.data[k]);
        PyObject *triple = (v && o && d) ? PyTuple_Pack(3, v, o, d) : NULL;
        Py_XDECREF(v);
        Py_XDECREF(o);
        Py_XDECREF(d);
        if (triple == NULL)
            goto done;
        PyList_SET_ITEM(parts, k, triple);
    }
    PyObject *valid = bytes_finish(&s.valid);
    if (valid != NULL) {
        result = PyTuple_Pack(2, valid, parts);
        Py_DECREF(valid);
    }
done:
    Py_XDECREF(parts);
    bytes_free(&s.valid);
    for (int k = 0; k < 8; k++) {
        bytes_free(&s.present[k]);
        bytes_free(&s.offsets[k]);
        bytes_free(&s.data[k]);
    }
    buf_free(&s.work);
    column_close(&c);
    return result;
}

/* -- normalize and resolve: a string column out ------------------------------------------- */

/* One operation on a valid row (ref, over its UTF-8 bytes) whose result is at most the
   row's length + MapRows.extra bytes, written into out (the column's data itself): 1 done,
   2 a row the core leaves to Python, -1 with an exception. */
typedef int (*RowOperation)(const Ref_ucs1 *ref, void *context, Buf_ucs1 *out);

typedef struct {
    int g, large;
    RowOperation operation;
    void *context;
    Py_ssize_t extra;
    int invalid_left; /* 1: a row invalid under g goes to Python too (else null) */
    unsigned char *present;
    Bytes offsets, data;
    PyObject *left; /* the indices of the rows left to Python */
    Accept accept;
} MapRows;

/* Row r is left to Python. */
static int
left_row(MapRows *m, Py_ssize_t r)
{
    PyObject *index = PyLong_FromSsize_t(r);
    int failed = index == NULL || PyList_Append(m->left, index) < 0;
    Py_XDECREF(index);
    return failed ? -1 : 0;
}

static int
map_row(void *context, Py_ssize_t r, const unsigned char *p, Py_ssize_t n)
{
    MapRows *m = context;
    Ref_ucs1 ref;
    int dots = 1;
    ref.no_pct = p != NULL && accept(&m->accept, p, n, ref.sp, &dots); /* accept.c: no '%' */
    ref.no_dots = ref.no_pct && !dots;
    if (p != NULL && (ref.no_pct || scan_utf8(p, n, m->g, 0, ref.sp))) {
        ref.s = p;
        ref.n = n;
        if (bytes_reserve(&m->data, n + m->extra) < 0)
            return -1;
        Buf_ucs1 out; /* the row's result, written in place */
        buf_over_ucs1(&out, (Py_UCS1 *)m->data.p + m->data.n, n + m->extra);
        int status = m->operation(&ref, m->context, &out);
        if (status < 0)
            return -1;
        if (status == 1) {
            m->data.n += out.n;
            SET_BIT(m->present, r);
        }
        else if (left_row(m, r) < 0) /* null here; Python fills it in */
            return -1;
    }
    else if (p != NULL && m->invalid_left && left_row(m, r) < 0)
        return -1;
    return put_offset(&m->offsets, m->data.n, m->large);
}

/* The bytes the rows of the column span in its data buffer (0 when the offsets are bad:
   each_row says so). */
static Py_ssize_t
column_span(const Column *c)
{
    if (c->length == 0)
        return 0;
    int64_t start, end;
    if (c->large) {
        start = ((const int64_t *)c->offsets.buf)[c->offset];
        end = ((const int64_t *)c->offsets.buf)[c->offset + c->length];
    }
    else {
        start = ((const int32_t *)c->offsets.buf)[c->offset];
        end = ((const int32_t *)c->offsets.buf)[c->offset + c->length];
    }
    return start < 0 || end < start || end > c->data.len ? 0 : (Py_ssize_t)(end - start);
}

/* operation over every row of the column under grammar g: the buffers of a string
   column (null where the row is null, invalid or left to Python) and the list of the
   rows left to Python (with invalid_left, the invalid rows too).  The offsets and the data are allocated once, the data from the
   rows' bytes and the bound of each row's growth (grown geometrically, in place, only
   past that), and become the result's bytes objects without a copy. */
static PyObject *
map_column(const Column *c, int g, RowOperation operation, void *context, Py_ssize_t extra,
           int invalid_left)
{
    MapRows m = {g, c->large, operation, context, extra, invalid_left, new_bitmap(c->length)};
    m.left = PyList_New(0);
    PyObject *result = NULL;
    Py_ssize_t width = c->large ? 8 : 4, size = column_span(c);
    if (c->length && extra <= (PY_SSIZE_T_MAX / 2 - size) / c->length)
        size += c->length * extra; /* else grown as needed */
    if (m.present != NULL && m.left != NULL &&
        bytes_reserve(&m.offsets, (c->length + 1) * width) == 0 &&
        bytes_reserve(&m.data, size) == 0 && put_offset(&m.offsets, 0, c->large) == 0 &&
        accept_open(&m.accept, c->data.buf, c->data.len, g, 0, 1) == 0) {
        int failed = each_row(c, map_row, &m) < 0;
        accept_close(&m.accept);
        PyObject *buffers =
            failed ? NULL : column_result(m.present, c->length, &m.offsets, &m.data);
        if (!failed)
            m.present = NULL;
        if (buffers != NULL)
            result = Py_BuildValue("(NO)", buffers, m.left);
    }
    Py_XDECREF(m.left);
    PyMem_Free(m.present);
    bytes_free(&m.offsets);
    bytes_free(&m.data);
    return result;
}

/* What a normalized row may add to its length: "/" for an empty path (§6.2.3), "/." or
   "./" before a path (§3.3, §4.2), "/" from remove_dot_segments (§5.2.4); with room. */
#define NORMALIZE_GROWTH 16

typedef struct {
    int g, level;
    SchemeCache schemes;
} Normalization;

/* normalize_ref on a row (status 2: a row for the Python path). */
static int
normalize_row(const Ref_ucs1 *ref, void *context, Buf_ucs1 *out)
{
    Normalization *how = context;
    if (how->level == LEVEL_STRING)
        return buf_put_ucs1(out, ref->s, ref->n) < 0 ? -1 : 1;
    return normalize_ref_ucs1(ref, how->g, how->level, &how->schemes, out);
}

PyDoc_STRVAR(column_normalize_doc,
             "column_normalize(validity, offsets, data, offset, length, large, grammar_id, "
             "level) -> ((validity, offsets, data), left)\n\nThe normal form of each row "
             "(null where the row is null or invalid), and the indices of the rows left to "
             "Python (null here: a scheme with its own path normalizer, IRI escapes).");

static PyObject *
core_column_normalize(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args(args, nargs, 8, "column_normalize") < 0)
        return NULL;
    Normalization how = {grammar_id(args[6]), small_int(args[7], N_LEVELS - 1)};
    Column c;
    if (how.g < 0 || how.level < 0 || column_open(&c, args) < 0)
        return NULL;
    scheme_cache_init(&how.schemes);
    PyObject *result = map_column(&c, how.g, normalize_row, &how, NORMALIZE_GROWTH, 0);
    scheme_cache_clear(&how.schemes);
    column_close(&c);
    return result;
}

/* RFC 3986 §5.2 of a row against the base (context). */
static int
resolve_row(const Ref_ucs1 *ref, void *context, Buf_ucs1 *out)
{
    return transform_ucs1(context, ref, 1, 0, out) < 0 ? -1 : 1;
}

PyDoc_STRVAR(column_resolve_doc,
             "column_resolve(base, validity, offsets, data, offset, length, large, "
             "grammar_id) -> ((validity, offsets, data), left)\n\nRFC 3986 §5.2: the target "
             "of each row against base (null where the row is null or invalid); ValueError "
             "for a base that is invalid or has no scheme.");

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
    Ref_ucs1 bref = {NULL};
    const char *b = PyUnicode_AsUTF8AndSize(base, &bref.n);
    if (b == NULL)
        PyErr_Clear(); /* a lone surrogate: no URI */
    bref.s = (const Py_UCS1 *)b;
    if (b == NULL || !scan_utf8(bref.s, bref.n, g, 0, bref.sp) || !HAS(&bref, SCHEME)) {
        PyErr_SetString(PyExc_ValueError, "the base is not a URI with a scheme");
        return NULL;
    }
    Column c;
    if (column_open(&c, args + 1) < 0)
        return NULL;
    /* a target is at most the base and the row, "/." (§3.3), "/" (§5.2.4) and the
       delimiters; with room */
    PyObject *result = map_column(&c, g, resolve_row, &bref, bref.n + 16, 0);
    column_close(&c);
    return result;
}
