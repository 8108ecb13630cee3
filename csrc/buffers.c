/* Growable buffers: of code units (Buf, Buf_ucs1: buffer.h), of bytes (Bytes); UTF-8 read
   into code points.
   Part of core.c's one translation unit. */

/* -- growable buffers of code units: Buf (Py_UCS4) and Buf_ucs1 (Latin-1 or UTF-8) --- */

#define CH Py_UCS4
#define UNIT(x) x
#include "buffer.h"
#undef CH
#undef UNIT
#define CH Py_UCS1
#define UNIT(x) x##_ucs1
#include "buffer.h"
#undef CH
#undef UNIT

/* -- growable bytes, which become a bytes object without a copy ------------------------ */

typedef struct {
    PyObject *bytes; /* NULL, or the bytes object that p is the storage of */
    char *p;
    Py_ssize_t n, cap;
} Bytes;

/* Ask Linux to back the whole 2 MiB pages of p[0:n] with huge pages (transparent huge
   pages in "madvise" mode): a column's output of megabytes is then written with one
   page fault a 2 MiB page, not one each 4 KiB. */
static void
huge_pages(char *p, Py_ssize_t n)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    uintptr_t huge = (uintptr_t)1 << 21;
    uintptr_t start = ((uintptr_t)p + huge - 1) & ~(huge - 1);
    uintptr_t end = ((uintptr_t)p + (uintptr_t)n) & ~(huge - 1);
    if (end > start)
        (void)madvise((void *)start, end - start, MADV_HUGEPAGE); /* advice: may fail */
#else
    (void)p, (void)n;
#endif
}

/* Room for extra more bytes, past the capacity: the bytes object is grown geometrically
   in place (_PyBytes_Resize: a realloc, which moves no page of a large block on Linux). */
static int
bytes_grow(Bytes *b, Py_ssize_t extra)
{
    Py_ssize_t cap = b->cap ? b->cap : 1024;
    while (cap < b->n + extra)
        cap *= 2;
    if (b->bytes == NULL)
        b->bytes = PyBytes_FromStringAndSize(NULL, cap);
    else
        _PyBytes_Resize(&b->bytes, cap);
    if (b->bytes == NULL) {
        b->p = NULL;
        b->n = b->cap = 0;
        return -1;
    }
    b->p = PyBytes_AS_STRING(b->bytes);
    b->cap = cap;
    huge_pages(b->p, cap);
    return 0;
}

/* Room for extra more bytes (the test in line, the growth not). */
static inline int
bytes_reserve(Bytes *b, Py_ssize_t extra)
{
    return b->n + extra <= b->cap ? 0 : bytes_grow(b, extra);
}

/* n zero bytes, all counted as written (a bitmap, or offsets from 0), in storage of
   exactly that size. */
static int
bytes_zeros(Bytes *b, Py_ssize_t n)
{
    b->bytes = NULL; /* none for n == 0: the empty bytes object is shared */
    b->p = NULL;
    b->n = b->cap = 0;
    if (n == 0)
        return 0;
    b->bytes = PyBytes_FromStringAndSize(NULL, n);
    if (b->bytes == NULL)
        return -1;
    b->p = PyBytes_AS_STRING(b->bytes);
    memset(b->p, 0, (size_t)n);
    b->n = b->cap = n;
    return 0;
}

static void
bytes_free(Bytes *b)
{
    Py_CLEAR(b->bytes);
    b->p = NULL;
    b->n = b->cap = 0;
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

/* The bytes written, as a bytes object: the storage itself, cut to size (no copy). */
static PyObject *
bytes_finish(Bytes *b)
{
    PyObject *result = b->bytes;
    if (result == NULL)
        result = PyBytes_FromStringAndSize("", 0);
    else if (b->n < b->cap)
        _PyBytes_Resize(&result, b->n);
    b->bytes = NULL;
    bytes_free(b);
    return result;
}

/* -- UTF-8 ------------------------------------------------------------------------------ */

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
