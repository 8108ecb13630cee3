/* The validating split of a URI / IRI reference (RFC 3986 §3, §4.1; RFC 3987 §2.2), for
   one character width.  core.c includes this file once per width with CH (the code
   unit type), NARROW (1 for one-byte units) and SCAN_NAME(x) (a name suffix) defined,
   as CPython's stringlib does.  For one-byte units also SCAN_ATTR (the functions'
   attribute: the target of a SIMD front end) and PLAIN_END(p, s, i, n) (simd.c's
   plain_end of that front end, inlined); with SCAN_UTF8 defined too, the one-byte units
   are UTF-8 (an Arrow column's), each character outside US-ASCII read as the code point
   of its bytes, the spans in bytes.

   It accepts exactly what urikit._syntax.parse.split accepts (the grammar's reference pattern,
   RFC 3986 Appendix B's split with each component's character class, then the
   pct-encoded triplets, the IP literal and the rule's constraints): the differential
   tests in tests/test_core.py hold the two to that. */

/* The end of the longest run of class `comp` (K_*) from i, or -1 when a
   '%' of the run does not start a pct-encoded triplet (RFC 3986 §2.1): then no rule
   matches the text at all.  Inlined into scan(), each of whose runs has its class fixed. */
SCAN_ATTR static inline __attribute__((always_inline)) Py_ssize_t
SCAN_NAME(run)(const CH *s, Py_ssize_t i, Py_ssize_t n, int g, int comp)
{
    const uint8_t *step = RUN[g][comp]; /* ASCII_CLASSES' bit comp, unfolded (run_tables) */
    while (i < n) {
#if NARROW /* the common case, a run of plain characters: SIMD, then tight loops */
        i = PLAIN_END(&PLAIN[g][comp], (const unsigned char *)s, i, n);
        while (i + 4 <= n && step[s[i]] == RUN_IN && step[s[i + 1]] == RUN_IN &&
               step[s[i + 2]] == RUN_IN && step[s[i + 3]] == RUN_IN)
            i += 4;
        while (i < n && step[s[i]] == RUN_IN)
            i++;
        if (i == n)
            break;
#endif
        Py_UCS4 c = s[i];
        unsigned action = c < 256 ? step[c] : RUN_WIDE;
        if (action == RUN_IN) {
            i++;
            continue;
        }
        if (action == RUN_OUT)
            return i;
        if (action == RUN_PCT) {
            if (i + 2 >= n || !is_hex(s[i + 1]) || !is_hex(s[i + 2]))
                return -1;
            i += 3;
            continue;
        }
#ifdef SCAN_UTF8 /* a character outside US-ASCII: the code point of its UTF-8 bytes */
        int width = utf8_one(s + i, n - i, &c);
        if (width == 0 || !in_wide(&WIDE[g][comp], c))
            return i;
        i += width;
#else
        if (!in_wide(&WIDE[g][comp], c))
            return i;
        i++;
#endif
    }
    return i;
}

/* RFC 3986 §3.2.2 dec-octet "." dec-octet "." dec-octet "." dec-octet, exactly s[i:end]. */
SCAN_ATTR static int
SCAN_NAME(ipv4_ok)(const CH *s, Py_ssize_t i, Py_ssize_t end)
{
    for (int octet = 0; octet < 4; octet++) {
        if (octet) {
            if (i == end || s[i] != '.')
                return 0;
            i++;
        }
        Py_ssize_t first = i;
        int value = 0;
        while (i < end && s[i] >= '0' && s[i] <= '9') {
            if (i - first == 3)
                return 0;
            value = value * 10 + (int)(s[i] - '0');
            if (value > 255 || (i > first && s[first] == '0'))
                return 0;
            i++;
        }
        if (i == first)
            return 0;
    }
    return i == end;
}

/* RFC 3986 §3.2.2 IPv6address, exactly s[i:end]. */
SCAN_ATTR static int
SCAN_NAME(ipv6_ok)(const CH *s, Py_ssize_t i, Py_ssize_t end)
{
    int pieces = 0, elided = 0;
    if (i < end && s[i] == ':') {
        if (i + 1 >= end || s[i + 1] != ':')
            return 0;
        elided = 1;
        i += 2;
    }
    while (i < end) {
        if (pieces == (elided ? 7 : 8))
            return 0;
        Py_ssize_t j = i;
        while (j < end && j - i < 4 && is_hex(s[j]))
            j++;
        if (j < end && s[j] == '.') { /* ls32 as an IPv4address ends the address */
            if (pieces > (elided ? 5 : 6) || (!elided && pieces < 6))
                return 0;
            return SCAN_NAME(ipv4_ok)(s, i, end);
        }
        if (j == i || (j < end && is_hex(s[j])))
            return 0;
        pieces++;
        if (j == end)
            break;
        if (s[j] != ':' || pieces == (elided ? 7 : 8))
            return 0;
        if (j + 1 < end && s[j + 1] == ':') {
            if (elided)
                return 0;
            elided = 1;
            i = j + 2;
        }
        else {
            i = j + 1;
            if (i == end)
                return 0;
        }
    }
    return elided || pieces == 8;
}

/* RFC 3986 §3.2.2 IP-literal with RFC 6874's zone: s[start] == '[', s[end - 1] == ']',
   and no ']' between. */
SCAN_ATTR static int
SCAN_NAME(ip_literal_ok)(const CH *s, Py_ssize_t start, Py_ssize_t end)
{
    Py_ssize_t i = start + 1, close = end - 1;
    if (i < close && (s[i] == 'v' || s[i] == 'V')) { /* IPvFuture */
        Py_ssize_t j = ++i;
        while (j < close && is_hex(s[j]))
            j++;
        if (j == i || j == close || s[j] != '.')
            return 0;
        i = ++j;
        while (j < close && s[j] < 128 && (ASCII_CLASSES[0][s[j]] & CL_IPVFUTURE_TAIL))
            j++;
        return j == close && j > i;
    }
    Py_ssize_t stop = i;
    while (stop < close && (is_hex(s[stop]) || s[stop] == ':' || s[stop] == '.'))
        stop++;
    if (!SCAN_NAME(ipv6_ok)(s, i, stop))
        return 0;
    if (stop == close)
        return 1;
    if (s[stop] != '%' || stop + 2 >= close || s[stop + 1] != '2' || s[stop + 2] != '5')
        return 0;
    Py_ssize_t first = stop + 3, j = first; /* ZoneID = 1*( unreserved / pct-encoded ) */
    while (j < close) {
        Py_UCS4 c = s[j];
        if (c == '%') {
            if (j + 2 >= close || !is_hex(s[j + 1]) || !is_hex(s[j + 2]))
                return 0;
            j += 3;
        }
        else if (c < 128 && (ASCII_CLASSES[0][c] & CL_ZONE_ID))
            j++;
        else
            return 0;
    }
    return j > first;
}

/* §3.1 scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ): the end of the run of a
   scheme's characters that starts s[0:n], 0 when s[0] is no ALPHA (the scan's, and the
   accept filter's, accept.c). */
SCAN_ATTR static inline Py_ssize_t
SCAN_NAME(scheme_end)(const CH *s, Py_ssize_t n, int g)
{
    if (n == 0 || s[0] >= 128 || !(ASCII_CLASSES[g][s[0]] & CL_ALPHA))
        return 0;
    const uint8_t *scheme = RUN[g][K_SCHEME]; /* RUN_IN: a scheme character */
    Py_ssize_t j = 1;
#if NARROW
    j = PLAIN_END(&PLAIN_SCHEME[g], (const unsigned char *)s, j, n);
#endif
    while (j < n && s[j] < 256 && scheme[s[j]] == RUN_IN)
        j++;
    return j;
}

/* Split s[0:n] under grammar g and the rule's flags; 1 and the spans (out[2k], out[2k+1]
   the start and end of component k, start -1 when absent) when it fits, else 0. */
SCAN_ATTR static int
SCAN_NAME(scan)(const CH *s, Py_ssize_t n, int g, int flags, Py_ssize_t *out)
{
    Py_ssize_t i = 0, r;
    for (int k = 0; k < 16; k++)
        out[k] = -1;
    Py_ssize_t j = SCAN_NAME(scheme_end)(s, n, g); /* §3.1 scheme ":" */
    if (j && j < n && s[j] == ':') {
        out[0] = 0;
        out[1] = j;
        i = j + 1;
    }
    if (i + 1 < n && s[i] == '/' && s[i + 1] == '/') { /* §3.2 "//" authority */
        i += 2;
        out[2] = i;
        Py_ssize_t k = i;
#if NARROW
        k = PLAIN_END(&PLAIN_AUTHORITY, (const unsigned char *)s, k, n);
#endif
        while (k < n && !(s[k] < 128 && AUTHORITY_STOP[s[k]])) /* "@", "/", "?", "#" */
            k++;
        if (k < n && s[k] == '@') { /* §3.2.1 userinfo "@" */
            r = SCAN_NAME(run)(s, i, n, g, K_USERINFO);
            if (r != k)
                return 0;
            out[4] = i;
            out[5] = k;
            i = k + 1;
        }
        out[6] = i; /* §3.2.2 host */
        if (i < n && s[i] == '[') {
            Py_ssize_t j = i + 1;
            while (j < n && s[j] < 128 && (ASCII_CLASSES[g][s[j]] & CL_IP_LITERAL))
                j++;
            if (j == n || s[j] != ']' || !SCAN_NAME(ip_literal_ok)(s, i, j + 1))
                return 0;
            i = j + 1;
        }
        else {
            i = SCAN_NAME(run)(s, i, n, g, K_HOST);
            if (i < 0)
                return 0;
        }
        out[7] = i;
        if (i < n && s[i] == ':') { /* §3.2.3 port = *DIGIT */
            out[8] = ++i;
            while (i < n && s[i] >= '0' && s[i] <= '9')
                i++;
            out[9] = i;
        }
        out[3] = i;
        out[10] = i; /* §3.3 path-abempty */
        if (i < n && s[i] == '/')
            i = SCAN_NAME(run)(s, i + 1, n, g, K_PATH);
    }
    else {
        out[10] = i;
        if (out[0] >= 0) /* path-absolute / path-rootless / path-empty */
            i = SCAN_NAME(run)(s, i, n, g, K_PATH);
        else { /* §4.2 path-noscheme: no ":" in the first segment */
            i = SCAN_NAME(run)(s, i, n, g, K_FIRST_SEGMENT);
            if (i >= 0 && i < n && s[i] == '/')
                i = SCAN_NAME(run)(s, i + 1, n, g, K_PATH);
        }
    }
    if (i < 0)
        return 0;
    out[11] = i;
    if (i < n && s[i] == '?') { /* §3.4 query */
        out[12] = ++i;
        i = SCAN_NAME(run)(s, i, n, g, K_QUERY);
        if (i < 0)
            return 0;
        out[13] = i;
    }
    if (i < n && s[i] == '#') { /* §3.5 fragment */
        out[14] = ++i;
        i = SCAN_NAME(run)(s, i, n, g, K_FRAGMENT);
        if (i < 0)
            return 0;
        out[15] = i;
    }
    if (i != n)
        return 0;
    if ((flags & RULE_SCHEME_REQUIRED) && out[0] < 0)
        return 0;
    if ((flags & RULE_SCHEME_FORBIDDEN) && out[0] >= 0)
        return 0;
    if ((flags & RULE_NO_FRAGMENT) && out[14] >= 0)
        return 0;
    if ((flags & RULE_NOT_EMPTY) && n == 0)
        return 0;
    return 1;
}
