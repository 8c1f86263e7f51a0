# C types for playout.py (an augmenting .pxd; see state.pxd)
cimport cython
from durak_edu.games.core.state cimport CoreState, Config
from durak_edu.games.core.cbits cimport bitlen, popcount
from durak_edu.games.core.bits cimport nth_bit, nth_subset, rank_counts_multi
from durak_edu.games.core.moves cimport (Menu, count_menu, menu, nth_of_menu, attack_most,
    count_attack, count_throw, count_transfers, nth_attack, nth_transfer, phase_moves, throw_room,
    transfer_options)
from durak_edu.games.core.apply cimport (apply, play_attack, play_beat, play_pass, play_take,
    play_throw)

cdef int _N_ATTACK_MOST
cdef unsigned long long _SUITED, _TAKE, _PASS, _M_ATTACK, _M_BEAT, _M_THROW, _PAYLOAD, _ONE
cdef int _BEAT

@cython.locals(m=Menu, played=cython.longlong, plain=cython.bint, counted=cython.bint,
               ranked=cython.bint, cfg=Config, direct=cython.bint, move=cython.ulonglong)
cpdef playout(CoreState st, object getrandbits)

@cython.locals(k=cython.int, j=cython.longlong)
cdef long long _index(long long count, object getrandbits) except -1

@cython.locals(seat=cython.int, h=cython.ulonglong, most=cython.longlong, multi=cython.ulonglong,
               same=cython.ulonglong, sizes=cython.ulonglong, show=cython.ulonglong,
               beats=cython.longlong, j=cython.longlong, throwable=cython.ulonglong,
               r=cython.longlong, count=cython.longlong, k=cython.int, move=cython.ulonglong,
               singles=cython.longlong, m=cython.ulonglong, beat=list, tam=cython.p_int,
               tdm=cython.p_int, i=cython.int, b=cython.ulonglong, c=cython.longlong,
               d=cython.int, cfg=Config, parts=cython.int, bouts=cython.longlong)
cdef unsigned long long _plain_move(CoreState st, object getrandbits, bint direct,
                                    bint many) except? 0
