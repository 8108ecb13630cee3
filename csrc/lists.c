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
