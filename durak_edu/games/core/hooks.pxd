# C types for hooks.py (an augmenting .pxd; see state.pxd): the fields are C fields, so the
# compiled core's ``st.cfg.hooks.played`` is two pointer reads and an empty tuple one test.
cdef class Hooks:
    cdef public tuple apply, played, emptied, transferred, hold_bout, pickup, bito, bout_end
    cdef public tuple draw, refill, bout_start, moves, opening, defence, throw_block
    cdef public tuple moves_opening, moves_defence, moves_throw
    cdef public bint apply_core, menu_free, piles_grow
