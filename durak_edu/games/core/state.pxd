# C types for state.py (Cython's augmenting .pxd: the .py stays the source and runs as plain
# Python where nothing is compiled, or with DURAK_EDU_PURE=1). Every field is ``public``: the
# house parts (core/house/, plain Python) and the facade read and write them.
cimport cython
from durak_edu.games.core.hooks cimport Hooks

cdef class Config:
    cdef public long long hand_size, first_limit, later_limit
    cdef public str throw_in
    cdef public bint ranks_table, one_at_a_time, share_short, repetition, draws, keeps_turn
    cdef public bint clockwise, transfer, in_first_bout, trump_on_table, by_last_card
    cdef public bint proezdnoy, after_beating, only_new, refusal
    cdef public int trump_suit
    cdef public unsigned long long trump_mask
    cdef public list beat
    cdef public bint plain_six
    cdef public int repetitions
    cdef public bint spades_apart
    cdef public tuple parts
    cdef public str shape
    cdef public bint partial_take
    cdef public object beat_rules
    cdef public bint teams
    cdef public Hooks hooks


cdef class CoreState:
    cdef public int n
    cdef public Config cfg
    # the hands and the known cards: C arrays (``hands``/``known``: their Masks views)
    cdef unsigned long long hm[8]
    cdef unsigned long long km[8]
    cdef public list talon
    cdef public int tp, trump_pos
    cdef public list discard
    # the table: C arrays (``ta``/``td``: lists of their ``nt`` entries)
    cdef int tam[59]
    cdef int tdm[59]
    cdef public int nt
    cdef public int settled, n_attack, attacker, defender, opener, to_act
    cdef public bint opening, taking, refused
    cdef public unsigned long long run, shown, outm
    cdef public tuple out
    cdef public int bout
    cdef public dict seen
    cdef public object end
    cdef public dict extra
    cdef public int nub
    cdef public unsigned long long ranks
    cdef public unsigned long long locked
    # R2.11 in a history-free playout (state.py says how)
    cdef public bint lean, ep_pending
    cdef public int ep_tp, ep_discard, ep_next
    cdef public tuple ep_out
    cdef unsigned long long eh[8]

    @cython.locals(new=CoreState)
    cpdef CoreState copy(self)

    cpdef void copy_into(self, CoreState new) except *


cdef class Masks:
    cdef public CoreState st
    cdef public bint which

    @cython.locals(n=cython.int)
    cdef long long _at(self, long long i) except -1


@cython.locals(values=list, i=cython.int, m=cython.ulonglong)
cdef void _store(CoreState st, bint known, object masks) except *

@cython.locals(i=cython.int)
cdef void _store_table(CoreState st, bint defence, object cards) except *


cdef unsigned long long _SUIT
