/* The SIMD front end of the validating scan (issue 25): how far a run of "plain" bytes
   goes from i, 16 bytes at a time (SSE2, which every x86-64 has) or 32 (AVX2, where the
   CPU has it, chosen at run time: the build needs no -mavx2 and runs on any x86-64).
   A byte is plain when the scalar scan would only step over it (RUN_IN: in the
   component's class, not '%'); the sets are built at import from the generated tables
   (scan.c's run_tables), never written here.  Only ASCII bytes are ever plain: '%',
   delimiters, non-ASCII and anything else stop the front end, and the scalar scan
   (scan.h), the reference, goes on from there.  Elsewhere than x86-64 (or with
   URIKIT_SIMD=scalar, or simd("scalar")) the front end steps over nothing.  Part of
   core.c's one translation unit. */

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SIMD_X86 1
#include <immintrin.h>
#else
#define SIMD_X86 0
#endif

enum { SIMD_SCALAR, SIMD_SSE2, SIMD_AVX2, N_SIMD };
static const char *const SIMD_NAMES[N_SIMD] = {"scalar", "sse2", "avx2"};
static int simd_level = SIMD_SCALAR; /* the front end scan_ucs1 runs (simd_init, core.simd) */
static int simd_best = SIMD_SCALAR;  /* the best this CPU runs */

#define PLAIN_RANGES 4

/* A set of plain ASCII bytes, in the two forms the front ends read. */
typedef struct {
    /* AVX2 (pshufb): c is plain when NIBBLE_LO[c & 15] & NIBBLE_HI[c >> 4] != 0; bit h of
       lo[l] says whether (h << 4 | l) is plain, hi[h] is 1 << h (0 from 8 on: no byte
       from 0x80 is plain) */
    uint8_t lo[16], hi[16];
    /* SSE2: c is plain when (uint8_t)(c - first[r]) <= span[r] for a range r, each value
       repeated 16 times (one load); the longest ranges when there are more than fit */
    int ranges;
    uint8_t first[PLAIN_RANGES][16], span[PLAIN_RANGES][16];
} Plain;

/* The Plain of the set plain[0:128] (1: plain). */
static void
plain_build(Plain *p, const uint8_t plain[128])
{
    memset(p, 0, sizeof *p);
    for (int c = 0; c < 128; c++)
        if (plain[c])
            p->lo[c & 15] |= (uint8_t)(1u << (c >> 4));
    for (int h = 0; h < 8; h++)
        p->hi[h] = (uint8_t)(1u << h);
    int first[128], span[128], count = 0;
    for (int c = 0; c < 128; c++)
        if (plain[c] && (c == 0 || !plain[c - 1])) {
            int end = c;
            while (end + 1 < 128 && plain[end + 1])
                end++;
            first[count] = c;
            span[count++] = end - c;
        }
    for (int r = 0; r < PLAIN_RANGES && r < count; r++) { /* the longest first */
        int longest = r;
        for (int q = r + 1; q < count; q++)
            if (span[q] > span[longest])
                longest = q;
        int f = first[longest], s = span[longest];
        first[longest] = first[r];
        span[longest] = span[r];
        memset(p->first[r], f, 16);
        memset(p->span[r], s, 16);
        p->ranges = r + 1;
    }
}

#if SIMD_X86
/* Bit j set when byte j of x is not plain. */
static inline unsigned
stops_sse2(const Plain *p, __m128i x)
{
    __m128i in = _mm_setzero_si128();
    for (int r = 0; r < p->ranges; r++) {
        __m128i t = _mm_sub_epi8(x, _mm_loadu_si128((const __m128i *)p->first[r]));
        __m128i span = _mm_loadu_si128((const __m128i *)p->span[r]);
        in = _mm_or_si128(in, _mm_cmpeq_epi8(_mm_min_epu8(t, span), t));
    }
    return ~(unsigned)_mm_movemask_epi8(in) & 0xFFFFu;
}

/* The first byte from i that is not plain, n when there is none, or (a row shorter
   than 16 bytes, or a tail of one) i when it is the scalar scan's to tell. */
static inline Py_ssize_t
plain_end_sse2(const Plain *p, const unsigned char *s, Py_ssize_t i, Py_ssize_t n)
{
    for (; i + 16 <= n; i += 16) {
        unsigned stops = stops_sse2(p, _mm_loadu_si128((const __m128i *)(s + i)));
        if (stops)
            return i + __builtin_ctz(stops);
    }
    if (i < n && n >= 16) { /* the last 16 bytes of the row, read again from i on */
        unsigned stops = stops_sse2(p, _mm_loadu_si128((const __m128i *)(s + n - 16)));
        stops >>= i - (n - 16);
        return stops ? i + __builtin_ctz(stops) : n;
    }
    return i;
}

__attribute__((target("avx2"))) static inline unsigned
stops_avx2_16(__m128i lo, __m128i hi, __m128i x)
{
    __m128i nibble = _mm_set1_epi8(0x0F);
    __m128i a = _mm_shuffle_epi8(lo, _mm_and_si128(x, nibble));
    __m128i b = _mm_shuffle_epi8(hi, _mm_and_si128(_mm_srli_epi16(x, 4), nibble));
    return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(a, b), _mm_setzero_si128()));
}

__attribute__((target("avx2"))) static inline uint32_t
stops_avx2(__m256i lo, __m256i hi, __m256i x)
{
    __m256i nibble = _mm256_set1_epi8(0x0F);
    __m256i a = _mm256_shuffle_epi8(lo, _mm256_and_si256(x, nibble));
    __m256i b = _mm256_shuffle_epi8(hi, _mm256_and_si256(_mm256_srli_epi16(x, 4), nibble));
    return (uint32_t)_mm256_movemask_epi8(
        _mm256_cmpeq_epi8(_mm256_and_si256(a, b), _mm256_setzero_si256()));
}

/* plain_end_sse2's answer, 32 bytes at a time, then 16. */
__attribute__((target("avx2"))) static inline Py_ssize_t
plain_end_avx2(const Plain *p, const unsigned char *s, Py_ssize_t i, Py_ssize_t n)
{
    __m128i lo = _mm_loadu_si128((const __m128i *)p->lo);
    __m128i hi = _mm_loadu_si128((const __m128i *)p->hi);
    if (n >= 32) {
        __m256i lo2 = _mm256_broadcastsi128_si256(lo), hi2 = _mm256_broadcastsi128_si256(hi);
        for (; i + 32 <= n; i += 32) {
            uint32_t stops = stops_avx2(lo2, hi2, _mm256_loadu_si256((const __m256i *)(s + i)));
            if (stops)
                return i + __builtin_ctz(stops);
        }
        if (i < n) { /* the last 32 bytes of the row, read again from i on */
            uint32_t stops =
                stops_avx2(lo2, hi2, _mm256_loadu_si256((const __m256i *)(s + n - 32)));
            stops >>= i - (n - 32);
            return stops ? i + __builtin_ctz(stops) : n;
        }
        return i;
    }
    for (; i + 16 <= n; i += 16) {
        unsigned stops = stops_avx2_16(lo, hi, _mm_loadu_si128((const __m128i *)(s + i)));
        if (stops)
            return i + __builtin_ctz(stops);
    }
    if (i < n && n >= 16) {
        unsigned stops = stops_avx2_16(lo, hi, _mm_loadu_si128((const __m128i *)(s + n - 16)));
        stops >>= i - (n - 16);
        return stops ? i + __builtin_ctz(stops) : n;
    }
    return i;
}

/* Bit j set when byte j of s[0:64] is not plain (the accept filter's stops, accept.c). */
static inline uint64_t
stops64_sse2(const Plain *p, const unsigned char *s)
{
    uint64_t bits = 0;
    for (int k = 0; k < 4; k++)
        bits |= (uint64_t)stops_sse2(p, _mm_loadu_si128((const __m128i *)(s + 16 * k))) << (16 * k);
    return bits;
}

/* Bit j set when byte j of s[0:64] is c (the accept filter's marks, accept.c). */
static inline uint64_t
equal64_sse2(const unsigned char *s, char c)
{
    __m128i x = _mm_set1_epi8(c);
    uint64_t bits = 0;
    for (int k = 0; k < 4; k++) {
        __m128i y = _mm_loadu_si128((const __m128i *)(s + 16 * k));
        bits |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(y, x)) << (16 * k);
    }
    return bits;
}

/* equal64_sse2's answer, 32 bytes at a time. */
__attribute__((target("avx2"))) static inline uint64_t
equal64_avx2(const unsigned char *s, char c)
{
    __m256i x = _mm256_set1_epi8(c);
    uint64_t low = (uint32_t)_mm256_movemask_epi8(
        _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)s), x));
    uint64_t high = (uint32_t)_mm256_movemask_epi8(
        _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(s + 32)), x));
    return low | high << 32;
}

/* stops64_sse2's answer, 32 bytes at a time. */
__attribute__((target("avx2"))) static inline uint64_t
stops64_avx2(const Plain *p, const unsigned char *s)
{
    __m256i lo = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)p->lo));
    __m256i hi = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)p->hi));
    uint64_t low = stops_avx2(lo, hi, _mm256_loadu_si256((const __m256i *)s));
    uint64_t high = stops_avx2(lo, hi, _mm256_loadu_si256((const __m256i *)(s + 32)));
    return low | high << 32;
}
#endif

/* The best front end the CPU runs, or the one URIKIT_SIMD names (scalar, sse2, avx2)
   when the CPU runs it. */
static void
simd_init(void)
{
#if SIMD_X86
    simd_best = SIMD_SSE2;
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2"))
        simd_best = SIMD_AVX2;
#endif
    simd_level = simd_best;
    const char *chosen = getenv("URIKIT_SIMD");
    for (int k = 0; chosen != NULL && k <= simd_best; k++)
        if (strcmp(chosen, SIMD_NAMES[k]) == 0)
            simd_level = k;
}

PyDoc_STRVAR(simd_doc,
             "simd(name=None) -> str\n\nThe front end of the validating scan now running "
             "(scalar, sse2, avx2); with a name, run that one from now on (ValueError when "
             "this CPU cannot) and answer the one it replaces.  URIKIT_SIMD chooses it at "
             "import; the default is the best the CPU runs.");

static PyObject *
core_simd(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs > 1) {
        PyErr_SetString(PyExc_TypeError, "simd() takes at most one argument");
        return NULL;
    }
    PyObject *was = PyUnicode_FromString(SIMD_NAMES[simd_level]);
    if (was == NULL || nargs == 0 || args[0] == Py_None)
        return was;
    const char *name = PyUnicode_Check(args[0]) ? PyUnicode_AsUTF8(args[0]) : NULL;
    for (int k = 0; name != NULL && k <= simd_best; k++)
        if (strcmp(name, SIMD_NAMES[k]) == 0) {
            simd_level = k;
            return was;
        }
    Py_DECREF(was);
    if (!PyErr_Occurred())
        PyErr_Format(PyExc_ValueError, "this CPU runs the front ends scalar .. %s, not %R",
                     SIMD_NAMES[simd_best], args[0]);
    return NULL;
}
