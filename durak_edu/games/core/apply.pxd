# C types for apply.py (an augmenting .pxd; see state.pxd). A move is an unsigned 64-bit int.
cimport cython
from durak_edu.games.core.state cimport CoreState, Config
from durak_edu.games.core.hooks cimport Hooks
from durak_edu.games.core.cbits cimport bitlen, popcount
from durak_edu.games.core.checks cimport refusal_target, room
from durak_edu.games.core.seats cimport draw_order, next_seat, thrower_order

cdef unsigned long long _ONE, _RANK, _BEAT_LOW, _PAYLOAD, _SUITED
cdef int _LOW, _BEAT, _SHIFT
cdef int _K_ATTACK, _K_BEAT, _K_TRANSFER, _K_SHOW, _K_TAKE, _K_THROW, _K_PASS

@cython.locals(kind=cython.int, m=cython.ulonglong, seat=cython.int, a=cython.int, i=cython.int,
               hooks=Hooks)
cpdef apply(CoreState st, unsigned long long move)

cdef void play_attack(CoreState st, int seat, unsigned long long m) except *
cdef void play_beat(CoreState st, int seat, int i, int d) except *
cdef void play_take(CoreState st) except *
@cython.locals(order=tuple)
cdef void play_throw(CoreState st, int seat, unsigned long long m) except *
cdef void play_pass(CoreState st, int seat) except *

cdef void _clear_table(CoreState st) noexcept

@cython.locals(h=cython.ulonglong, keep=cython.ulonglong, nt=cython.int, pos=cython.int,
               b=cython.ulonglong, x=cython.ulonglong, n=cython.int, ranks=cython.ulonglong,
               tam=cython.p_int, tdm=cython.p_int)
cdef void _remove(CoreState st, int seat, unsigned long long m, bint lay) except *

@cython.locals(back=cython.int, new_def=cython.int)
cdef void _transfer(CoreState st, int seat, int kind, unsigned long long m) except *


@cython.locals(order=tuple, seq=tuple, i=cython.int, ranks=cython.ulonglong,
               run=cython.ulonglong, k=cython.int, p=cython.int)
cdef void _give_priority(CoreState st, int start, int after) except *

@cython.locals(c=Config, hooks=Hooks, taker=cython.int, took=cython.bint, m=cython.ulonglong,
               a=cython.int, d=cython.int, nxt=cython.int, ta=list, i=cython.int,
               discard=list, nt=cython.int, final=tuple, tam=cython.p_int, tdm=cython.p_int,
               talon=list, left=cython.int, drawn=cython.bint, order=list, size=cython.int,
               tp=cython.int, h=cython.ulonglong, k=cython.int, pos=cython.int, p=cython.int,
               seen=cython.int, hands=tuple, key=tuple)
cpdef _end_bout(CoreState st)

@cython.locals(needs=list, left=cython.int, i=cython.int, p=cython.int, k=cython.int,
               pos=cython.int)
cdef void _draw_with(CoreState st, list order, int size) except *

@cython.locals(holders=cython.int, holder=cython.int, durak=cython.int, p=cython.int)
cpdef bint settle(CoreState st, bint took, int last_defender, tuple final_attack) except? -1

cpdef start_bout(CoreState st, int attacker)
