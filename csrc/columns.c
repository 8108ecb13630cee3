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

static int
each_row(const Column *c, RowVisit visit, void *context)
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
} ValidRows;

static int
valid_row(void *context, Py_ssize_t r, const unsigned char *p, Py_ssize_t n)
{
    ValidRows *v = context;
    Py_ssize_t sp[16];
    int ucs, ok = p == NULL ? 0 : scan_row(p, n, v->g, v->flags, sp, &v->work, &ucs);
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
    ValidRows v = {grammar_id(args[6]), small_int(args[7], RULE_ALL), NULL, {0}};
    Column c;
    if (v.g < 0 || v.flags < 0 || column_open(&c, args) < 0)
        return NULL;
    buf_init(&v.work);
    PyObject *result = NULL;
    v.bits = new_bitmap(c.length);
    if (v.bits != NULL && each_row(&c, valid_row, &v) == 0) {
        result = bitmap_bytes(v.bits, c.length);
        v.bits = NULL;
    }
    PyMem_Free(v.bits);
    buf_free(&v.work);
    column_close(&c);
    return result;
}

/* -- split --------------------------------------------------------------------------------- */

/* An output buffer that is a bytes object from the start, handed to Arrow without a
   copy: sized once from a guess, grown by _PyBytes_Resize if the guess falls short. */
typedef struct {
    PyObject *bytes;
    char *p;
    Py_ssize_t n, cap;
} Out;

/* cap bytes; zeroed and all counted as written (a bitmap) when zero is 1, else none
   written yet. */
static int
out_init(Out *o, Py_ssize_t cap, int zero)
{
    o->n = zero ? cap : 0;
    o->cap = cap;
    o->bytes = PyBytes_FromStringAndSize(NULL, cap);
    if (o->bytes == NULL)
        return -1;
    o->p = PyBytes_AS_STRING(o->bytes);
    if (zero)
        memset(o->p, 0, (size_t)cap);
    return 0;
}

static int
out_put(Out *o, const void *s, Py_ssize_t n)
{
    if (n > o->cap - o->n) {
        Py_ssize_t cap = o->cap + (o->cap > n ? o->cap : n);
        if (_PyBytes_Resize(&o->bytes, cap) < 0)
            return -1;
        o->p = PyBytes_AS_STRING(o->bytes);
        o->cap = cap;
    }
    memcpy(o->p + o->n, s, (size_t)n);
    o->n += n;
    return 0;
}

/* The bytes object, of the n bytes written (o keeps none). */
static PyObject *
out_finish(Out *o)
{
    if (o->n < o->cap && _PyBytes_Resize(&o->bytes, o->n) < 0)
        return NULL;
    PyObject *result = o->bytes;
    o->bytes = NULL;
    return result;
}

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
    Out valid, present[8], offsets[8], data[8];
    Buf work;
} SplitRows;

static int
split_row(void *context, Py_ssize_t r, const unsigned char *p, Py_ssize_t n)
{
    SplitRows *s = context;
    Py_ssize_t sp[16];
    int ucs = 0, ok = p == NULL ? 0 : scan_row(p, n, s->g, s->flags, sp, &s->work, &ucs);
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
        Out *data = &s->data[k];
        if (ok && sp[2 * k] >= 0) {
            SET_BIT((unsigned char *)s->present[k].p, r);
            if (out_put(data, p + sp[2 * k], sp[2 * k + 1] - sp[2 * k]) < 0)
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
    if (out_init(&s.valid, bits, 1) < 0)
        goto done;
    for (int k = 0; k < 8; k++) {
        if (out_init(&s.present[k], bits, 1) < 0 ||
            out_init(&s.offsets[k], (c.length + 1) * width, 0) < 0 ||
            out_init(&s.data[k], guess, 0) < 0)
            goto done;
        memset(s.offsets[k].p, 0, (size_t)width); /* the first offset, 0 */
        s.offsets[k].n = s.offsets[k].cap;
    }
    if (each_row(&c, split_row, &s) < 0 || (parts = PyList_New(8)) == NULL)
        goto done;
    for (int k = 0; k < 8; k++) {
        PyObject *v = out_finish(&s.present[k]), *o = out_finish(&s.offsets[k]),
                 *d = out_finish(&s.data[k]);
        PyObject *triple = (v && o && d) ? PyTuple_Pack(3, v, o, d) : NULL;
        Py_XDECREF(v);
        Py_XDECREF(o);
        Py_XDECREF(d);
        if (triple == NULL)
            goto done;
        PyList_SET_ITEM(parts, k, triple);
    }
    PyObject *valid = out_finish(&s.valid);
    if (valid != NULL) {
        result = PyTuple_Pack(2, valid, parts);
        Py_DECREF(valid);
    }
done:
    Py_XDECREF(parts);
    Py_XDECREF(s.valid.bytes);
    for (int k = 0; k < 8; k++) {
        Py_XDECREF(s.present[k].bytes);
        Py_XDECREF(s.offsets[k].bytes);
        Py_XDECREF(s.data[k].bytes);
    }
    buf_free(&s.work);
    column_close(&c);
    return result;
}

/* -- normalize and resolve: a string column out ------------------------------------------- */

/* One operation on a valid row (ref, over code points): 1 with its result in out, 2 for
   a row the core leaves to Python, -1 with an exception. */
typedef int (*RowOperation)(const Ref *ref, const void *context, Buf *out);

typedef struct {
    int g, large;
    RowOperation operation;
    const void *context;
    unsigned char *present;
    Bytes offsets, data;
    Buf work, out;
    PyObject *left; /* the indices of the rows left to Python */
} MapRows;

static int
map_row(void *context, Py_ssize_t r, const unsigned char *p, Py_ssize_t n)
{
    MapRows *m = context;
    if (p != NULL) {
        Py_ssize_t k = row_ucs4(p, n, &m->work);
        if (k == -2)
            return -1;
        Ref ref;
        if (k >= 0 && scan_ref(&ref, m->work.p, k, m->g, 0)) {
            m->out.n = 0;
            int status = m->operation(&ref, m->context, &m->out);
            if (status < 0)
                return -1;
            if (status == 1) {
                if (bytes_utf8(&m->data, m->out.p, m->out.n) < 0)
                    return -1;
                SET_BIT(m->present, r);
            }
            else { /* null here; Python fills it in */
                PyObject *index = PyLong_FromSsize_t(r);
                int failed = index == NULL || PyList_Append(m->left, index) < 0;
                Py_XDECREF(index);
                if (failed)
                    return -1;
            }
        }
    }
    return put_offset(&m->offsets, m->data.n, m->large);
}

/* operation over every row of the column under grammar g: the buffers of a string
   column (null where the row is null, invalid or left to Python) and the list of the
   rows left to Python. */
static PyObject *
map_column(const Column *c, int g, RowOperation operation, const void *context)
{
    MapRows m = {g, c->large, operation, context, new_bitmap(c->length), {0}, {0}};
    buf_init(&m.work);
    buf_init(&m.out);
    m.left = PyList_New(0);
    PyObject *result = NULL;
    if (m.present != NULL && m.left != NULL && put_offset(&m.offsets, 0, c->large) == 0 &&
        each_row(c, map_row, &m) == 0) {
        PyObject *buffers = column_result(m.present, c->length, &m.offsets, &m.data);
        m.present = NULL;
        if (buffers != NULL)
            result = Py_BuildValue("(NO)", buffers, m.left);
    }
    Py_XDECREF(m.left);
    PyMem_Free(m.present);
    PyMem_Free(m.offsets.p);
    PyMem_Free(m.data.p);
    buf_free(&m.work);
    buf_free(&m.out);
    return result;
}

typedef struct {
    int g, level;
} Normalization;

/* normalize_ref on a row (status 2: a row for the Python path). */
static int
normalize_row(const Ref *ref, const void *context, Buf *out)
{
    const Normalization *how = context;
    if (how->level == LEVEL_STRING)
        return buf_put(out, ref->s, ref->n) < 0 ? -1 : 1;
    return normalize_ref(ref, how->g, how->level, out);
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
    PyObject *result = map_column(&c, how.g, normalize_row, &how);
    column_close(&c);
    return result;
}

/* RFC 3986 §5.2 of a row against the base (context). */
static int
resolve_row(const Ref *ref, const void *context, Buf *out)
{
    return transform(context, ref, 1, 0, out) < 0 ? -1 : 1;
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
