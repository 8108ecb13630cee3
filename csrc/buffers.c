/* Growable buffers: of code points (Buf), of bytes (Bytes).  Part of core.c's one
   translation unit. */

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
