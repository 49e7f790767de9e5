//! Direct Encounter (C.07 6): among participants still tied, the points
//! they scored against each other.

use super::Format;
use super::crosstable::Crosstable;
use super::value::{SCALE, Value};

/// Direct Encounter for participants grouped by `groups` (participants with
/// equal group numbers are tied on the tie-breaks before this one).
///
/// Within each tied group the value is 0 when the encounters separate no one;
/// otherwise it is the participant's place inside the group (1 for the first,
/// equal for those still tied). The encounters are read again among those
/// still tied until nothing changes (C.07 6.2). In a Swiss event where not
/// every pair of the group has met, a participant is placed ahead only when
/// their score exceeds what any other could still have reached had all the
/// missing games been won.
pub(crate) fn compute(table: &Crosstable, groups: &[usize]) -> Vec<Value> {
    let n = table.len();
    // place[p]: the participant's provisional place inside their group.
    let mut place = vec![0usize; n];
    let mut members: Vec<Vec<usize>> = Vec::new();
    {
        let mut by_group: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
        for (p, &group) in groups.iter().enumerate() {
            by_group.entry(group).or_default().push(p);
        }
        for (_, group) in by_group {
            members.push(group);
        }
    }
    let mut pending: Vec<Vec<usize>> = members.iter().filter(|g| g.len() > 1).cloned().collect();
    while let Some(group) = pending.pop() {
        let base = place[group[0]];
        let split = separate(table, &group);
        let distinct = split.windows(2).filter(|w| w[0].0 != w[1].0).count();
        if distinct == 0 {
            continue;
        }
        // Assign places base, base+1, … by position, equal for ties, and
        // read the still-tied subgroups again among themselves.
        let mut index = 0;
        while index < split.len() {
            let mut end = index + 1;
            while end < split.len() && split[end].0 == split[index].0 {
                end += 1;
            }
            for &(_, p) in &split[index..end] {
                place[p] = base + index;
            }
            if end - index > 1 {
                pending.push(split[index..end].iter().map(|&(_, p)| p).collect());
            }
            index = end;
        }
    }
    let mut value = vec![Value::whole(0); n];
    for group in &members {
        if group.iter().any(|&p| place[p] != place[group[0]]) {
            for &p in group {
                value[p] = Value::whole(place[p] as i64 + 1);
            }
        }
    }
    value
}

/// One reading of the encounters inside a group: the members in order, each
/// with a class number (equal classes stay tied).
fn separate(table: &Crosstable, group: &[usize]) -> Vec<(usize, usize)> {
    let win = Value::points(table.system.win).raw();
    let mut scored: Vec<(i64, i64, usize)> = Vec::with_capacity(group.len());
    let mut everyone_met = true;
    for &p in group {
        // Points against each member met (the mean when they met more than
        // once), and how many members were met.
        let mut against: Vec<(usize, i64, i64)> = Vec::new();
        for round in &table.rounds[p] {
            let Some(opponent) = round.opponent else {
                continue;
            };
            let counts = table.format == Format::RoundRobin || round.over_the_board;
            if !counts || !group.contains(&opponent) {
                continue;
            }
            let points = Value::points(round.points).raw();
            match against.iter_mut().find(|a| a.0 == opponent) {
                Some(entry) => {
                    entry.1 += points;
                    entry.2 += 1;
                }
                None => against.push((opponent, points, 1)),
            }
        }
        let score: i64 = against
            .iter()
            .map(|&(_, sum, games)| sum * SCALE / (games * SCALE))
            .sum();
        let missing = (group.len() - 1 - against.len()) as i64;
        if table.format == Format::Swiss && missing > 0 {
            everyone_met = false;
        }
        let best_possible = if table.format == Format::Swiss {
            score + missing * win
        } else {
            score
        };
        scored.push((score, best_possible, p));
    }
    let start = |i: usize| table.start_numbers[scored[i].2];
    let mut order: Vec<usize> = (0..scored.len()).collect();
    order.sort_by(|&a, &b| {
        scored[b]
            .0
            .cmp(&scored[a].0)
            .then(scored[b].1.cmp(&scored[a].1))
            .then(start(a).cmp(&start(b)))
    });
    let mut classes = Vec::with_capacity(order.len());
    if everyone_met {
        let mut class = 0;
        for (position, &i) in order.iter().enumerate() {
            if position > 0 && scored[i].0 != scored[order[position - 1]].0 {
                class = position;
            }
            classes.push((class, scored[i].2));
        }
    } else {
        // A leader is separated only while their score beats the best any
        // of the others could still have made.
        let mut class = 0;
        let mut separating = true;
        for (position, &i) in order.iter().enumerate() {
            if position > 0 && separating {
                let previous = scored[order[position - 1]].0;
                let best_of_rest = order[position..]
                    .iter()
                    .map(|&j| scored[j].1)
                    .max()
                    .unwrap_or(i64::MIN);
                if previous > best_of_rest {
                    class = position;
                } else {
                    separating = false;
                }
            }
            classes.push((class, scored[i].2));
        }
    }
    classes
}
