/* Reference resolution: RFC 3986 §5.2.4 remove_dot_segments, §5.2.2 Transform
   References and §5.3 Recomposition, one algorithm (resolve.h) for each code unit width:
   over code points (Ref, Buf: a str of any kind) and over one-byte units (Ref_ucs1,
   Buf_ucs1: a Latin-1 str, or an Arrow column's UTF-8).  Part of core.c's one
   translation unit. */

/* A split reference over one-byte units (scan.c's Ref is over code points); HAS, AT and
   LEN read both. */
typedef struct {
    const Py_UCS1 *s;
    Py_ssize_t n;
    Py_ssize_t sp[16];
    int no_pct; /* 1: s is known to hold no '%' (the accept filter's rows, accept.c) */
    int no_dots; /* 1: no segment of the path starts with "." (accept.c) */
} Ref_ucs1;

/* A segment of a path: s[a:b]. */
typedef struct {
    Py_ssize_t a, b;
} Seg;

#define CH Py_UCS4
#define UNIT(x) x
#include "resolve.h"
#undef CH
#undef UNIT
#define CH Py_UCS1
#define UNIT(x) x##_ucs1
#include "resolve.h"
#undef CH
#undef UNIT
