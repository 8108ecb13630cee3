/* A growable buffer of code units, for one width.  buffers.c includes this file once per
   width with CH (the code unit type) and UNIT(x) (the name of x for that width) defined,
   as scan.c does scan.h: the algorithms of resolve.h and normalize.h write into it. */

typedef struct {
    CH *p;
    Py_ssize_t n, cap;
    int fixed; /* p is the caller's memory (cap units), which never grows */
    CH stack[256];
} UNIT(Buf);

static void
UNIT(buf_init)(UNIT(Buf) *b)
{
    b->p = b->stack;
    b->n = 0;
    b->cap = 256;
    b->fixed = 0;
}

/* b writes into p[0:cap], the caller's memory: a result bounded in advance is written
   where it is wanted (a column's data), with no copy. */
static inline void
UNIT(buf_over)(UNIT(Buf) *b, CH *p, Py_ssize_t cap)
{
    b->p = p;
    b->n = 0;
    b->cap = cap;
    b->fixed = 1;
}

static void
UNIT(buf_free)(UNIT(Buf) *b)
{
    if (!b->fixed && b->p != b->stack)
        PyMem_Free(b->p);
    UNIT(buf_init)(b);
}

static int
UNIT(buf_reserve)(UNIT(Buf) *b, Py_ssize_t extra)
{
    if (b->n + extra <= b->cap)
        return 0;
    if (b->fixed) { /* the bound the caller computed is wrong: a bug, never hidden */
        PyErr_SetString(PyExc_SystemError, "urikit._core: a result outgrew its bound");
        return -1;
    }
    Py_ssize_t cap = b->cap;
    while (cap < b->n + extra)
        cap *= 2;
    CH *p = PyMem_Malloc((size_t)cap * sizeof(CH));
    if (p == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    memcpy(p, b->p, (size_t)b->n * sizeof(CH));
    if (b->p != b->stack)
        PyMem_Free(b->p);
    b->p = p;
    b->cap = cap;
    return 0;
}

static inline int
UNIT(buf_put)(UNIT(Buf) *b, const CH *s, Py_ssize_t n)
{
    if (UNIT(buf_reserve)(b, n) < 0)
        return -1;
    if (n)
        memcpy(b->p + b->n, s, (size_t)n * sizeof(CH));
    b->n += n;
    return 0;
}

static inline int
UNIT(buf_ascii)(UNIT(Buf) *b, const char *s)
{
    Py_ssize_t n = (Py_ssize_t)strlen(s);
    if (UNIT(buf_reserve)(b, n) < 0)
        return -1;
    for (Py_ssize_t i = 0; i < n; i++)
        b->p[b->n++] = (CH)(unsigned char)s[i];
    return 0;
}

/* The index of the first c in s[i:n], or n (memchr for one-byte units). */
static inline Py_ssize_t
UNIT(find_unit)(const CH *s, Py_ssize_t i, Py_ssize_t n, CH c)
{
    if (sizeof(CH) == 1) {
        const void *hit = i < n ? memchr(s + i, c, (size_t)(n - i)) : NULL;
        return hit == NULL ? n : (const CH *)hit - s;
    }
    while (i < n && s[i] != c)
        i++;
    return i;
}
