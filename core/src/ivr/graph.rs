//! The shape of a flow as a graph: which steps the first one reaches, and the cycles
//! that would repeat without the caller doing anything.

use super::model::Flow;
use std::collections::{BTreeMap, BTreeSet};

/// The steps a call can reach from the first one.
pub fn reachable(flow: &Flow) -> BTreeSet<&str> {
    let mut seen = BTreeSet::new();
    let mut todo = vec![flow.start.as_str()];
    while let Some(id) = todo.pop() {
        let Some(step) = flow.steps.get(id) else {
            continue;
        };
        if seen.insert(id) {
            todo.extend(step.links().into_iter().map(|(_, t)| t));
        }
    }
    seen
}

/// Cycles made only of steps that move on by themselves (say, hours, forward's
/// fallback): one step id per cycle, the first by id, so a loop is reported once.
pub fn loops_without_key_press(flow: &Flow) -> Vec<&str> {
    let edges: BTreeMap<&str, Vec<&str>> = flow
        .steps
        .iter()
        .filter(|(_, s)| !s.waits_for_caller())
        .map(|(id, s)| {
            let next = s.links().into_iter().map(|(_, t)| t);
            let next = next.filter(|t| flow.steps.get(*t).is_some_and(|s| !s.waits_for_caller()));
            (id.as_str(), next.collect())
        })
        .collect();
    let reach = |from: &str| {
        let mut seen = BTreeSet::new();
        let mut todo = edges[from].clone();
        while let Some(id) = todo.pop() {
            if seen.insert(id) {
                todo.extend(edges[id].iter().copied());
            }
        }
        seen
    };
    let reaches: BTreeMap<&str, BTreeSet<&str>> = edges.keys().map(|&id| (id, reach(id))).collect();
    let mut reported = BTreeSet::new();
    let mut out = Vec::new();
    for (&id, r) in &reaches {
        if !r.contains(id) || reported.contains(id) {
            continue;
        }
        // The steps of this cycle: those it reaches that reach it back.
        reported.extend(r.iter().copied().filter(|m| reaches[m].contains(id)));
        out.push(id);
    }
    out
}
