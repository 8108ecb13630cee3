/* A list of rows: the batch API's list input.  Part of core.c's one translation unit. */

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

/* is_valid over the n rows items (of a list or tuple, read in place: nothing here
   allocates an object the garbage collector tracks, so no Python code runs and changes
   the list): bit i of present is set for an exact str row, and of valid when it fits.
   The rows of ASCII are packed into one buffer, which the accept filter (accept.c) and
   the scan read as they read a column's data (valid_row, columns.c): the filter's one
   pass over the stops of many rows is what makes a column fast, and a list gets it for
   one memcpy a row.  Any other str row is scanned as itself. */
static int
valid_rows(PyObject **items, Py_ssize_t n, int g, int flags, unsigned char *valid,
           unsigned char *present)
{
    Bytes data = {0};
    Py_ssize_t *start = PyMem_Malloc((size_t)(n + 1) * sizeof *start);
    ValidRows v = {g, flags, valid};
    buf_init(&v.work);
    int status = -1, opened = 0;
    if (start == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) { /* start[i]: the row's place, -1 if not packed */
        PyObject *row = items[i];
        start[i] = -1;
        if (!PyUnicode_CheckExact(row))
            continue;
        SET_BIT(present, i);
        if (PyUnicode_IS_ASCII(row)) {
            start[i] = data.n;
            if (bytes_put(&data, PyUnicode_1BYTE_DATA(row), PyUnicode_GET_LENGTH(row)) < 0)
                goto done;
        }
        else {
            Py_ssize_t sp[16];
            if (scan_str(row, g, flags, sp))
                SET_BIT(valid, i);
        }
    }
    /* a row is never NULL (valid_row's null row): "" alone packs no byte */
    const unsigned char *packed = data.p != NULL ? (const unsigned char *)data.p
                                                 : (const unsigned char *)"";
    if (accept_open(&v.accept, packed, data.n, g, flags, 0) < 0)
        goto done;
    opened = 1;
    for (Py_ssize_t i = 0; i < n; i++)
        if (start[i] >= 0 &&
            valid_row(&v, i, packed + start[i], PyUnicode_GET_LENGTH(items[i])) < 0)
            goto done;
    status = 0;
done:
    if (opened)
        accept_close(&v.accept);
    PyMem_Free(start);
    buf_free(&v.work);
    bytes_free(&data);
    return status;
}

/* The indices of the rows that are neither an exact str nor None: left to Python. */
static PyObject *
left_rows(PyObject **items, Py_ssize_t n)
{
    PyObject *left = PyList_New(0);
    for (Py_ssize_t i = 0; left != NULL && i < n; i++) {
        if (items[i] == Py_None || PyUnicode_CheckExact(items[i]))
            continue;
        PyObject *index = PyLong_FromSsize_t(i);
        if (index == NULL || PyList_Append(left, index) < 0)
            Py_CLEAR(left);
        Py_XDECREF(index);
    }
    return left;
}

/* list_map's is_valid: True or False for a str row, None for the others. */
static PyObject *
list_valid(PyObject *rows, int g, int flags)
{
    Py_ssize_t n = PySequence_Fast_GET_SIZE(rows);
    PyObject **items = PySequence_Fast_ITEMS(rows);
    PyObject *results = PyList_New(n), *pair = NULL;
    unsigned char *valid = new_bitmap(n), *present = new_bitmap(n);
    if (results != NULL && valid != NULL && present != NULL &&
        valid_rows(items, n, g, flags, valid, present) == 0) {
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *result = !((present[i >> 3] >> (i & 7)) & 1) ? Py_None
                               : (valid[i >> 3] >> (i & 7)) & 1    ? Py_True
                                                                   : Py_False;
            PyList_SET_ITEM(results, i, Py_NewRef(result));
        }
        PyObject *left = left_rows(items, n);
        if (left != NULL)
            pair = PyTuple_Pack(2, results, left);
        Py_XDECREF(left);
    }
    PyMem_Free(valid);
    PyMem_Free(present);
    Py_XDECREF(results);
    return pair;
}

PyDoc_STRVAR(list_valid_bits_doc,
             "list_valid_bits(rows, grammar_id, rule_flags) -> (present, valid, left)\n\n"
             "is_valid over a list of rows as two bitmaps (Arrow's bit order): bit i of "
             "present is set when row i is a str, of valid when it fits the rule; the "
             "indices of the rows that are neither a str nor None, left to Python.");

static PyObject *
core_list_valid_bits(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args(args, nargs, 3, "list_valid_bits") < 0)
        return NULL;
    if (!PyList_CheckExact(args[0])) {
        PyErr_SetString(PyExc_TypeError, "list_valid_bits: the rows are a list");
        return NULL;
    }
    int g = grammar_id(args[1]), flags = small_int(args[2], RULE_ALL);
    if (g < 0 || flags < 0)
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(args[0]);
    PyObject **items = PySequence_Fast_ITEMS(args[0]), *result = NULL;
    unsigned char *valid = new_bitmap(n), *present = new_bitmap(n);
    if (valid != NULL && present != NULL &&
        valid_rows(items, n, g, flags, valid, present) == 0) {
        PyObject *left = left_rows(items, n);
        if (left != NULL) {
            PyObject *p = bitmap_bytes(present, n), *v = bitmap_bytes(valid, n); /* free */
            present = valid = NULL;
            result = p != NULL && v != NULL ? PyTuple_Pack(3, p, v, left) : NULL;
            Py_XDECREF(p);
            Py_XDECREF(v);
            Py_DECREF(left);
        }
    }
    PyMem_Free(valid);
    PyMem_Free(present);
    return result;
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
    if (op == 0)
        return list_valid(rows, g, flags);
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
